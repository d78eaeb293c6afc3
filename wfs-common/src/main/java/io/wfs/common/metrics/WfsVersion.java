package io.wfs.common.metrics;

/** The version of the running build, from the jar manifest ("dev" when run from classes). */
public final class WfsVersion {
    private WfsVersion() {
    }

    public static String get() {
        String v = WfsVersion.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
