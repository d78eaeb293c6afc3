package io.wfs.cli;

import picocli.CommandLine;

/** Entry point of bin/wfs. */
public final class WfsMain {
    private WfsMain() {
    }

    public static void main(String[] args) {
        System.exit(WfsCommand.newCommandLine().execute(args));
    }
}
