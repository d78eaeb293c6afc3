package io.wfs.cli.bench.fs;

import java.io.PrintWriter;
import me.tongfei.progressbar.ProgressBarConsumer;

/**
 * Draws the progress bar on the command's error writer (picocli's, so tests can capture it):
 * a carriage return and the line, a newline when the bar closes.
 */
public final class PrintWriterConsumer implements ProgressBarConsumer {
    private static final int WIDTH = 100;
    private final PrintWriter out;

    public PrintWriterConsumer(PrintWriter out) {
        this.out = out;
    }

    @Override
    public int getMaxRenderedLength() {
        return WIDTH;
    }

    @Override
    public void accept(String rendered) {
        out.print('\r');
        out.print(rendered);
        out.flush();
    }

    @Override
    public void close() {
        out.println();
        out.flush();
    }
}
