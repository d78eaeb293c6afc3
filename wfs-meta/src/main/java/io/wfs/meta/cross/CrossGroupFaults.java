package io.wfs.meta.cross;

/**
 * A test hook: called before each step of a cross-group operation; throwing stops the
 * coordinator there, as a crash of its process would. Production uses {@link #NONE}.
 */
@FunctionalInterface
public interface CrossGroupFaults {
    CrossGroupFaults NONE = (operation, step) -> { };

    void beforeStep(String operation, int step);
}
