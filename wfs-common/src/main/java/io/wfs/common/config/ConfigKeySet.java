package io.wfs.common.config;

import java.util.List;

/**
 * The configuration keys of one module, found through {@link java.util.ServiceLoader}
 * (META-INF/services/io.wfs.common.config.ConfigKeySet) so that {@code wfs config --defaults}
 * and the unknown-key check see every module's keys.
 */
public interface ConfigKeySet {
    /** Module name, shown as the section heading in {@code wfs config --defaults}. */
    String module();

    List<ConfigKey<?>> keys();
}
