package io.wfs.common.metrics;

import java.util.Map;

/** What a component adds to the process's /status JSON (values must be JSON-serializable). */
@FunctionalInterface
public interface StatusSource {
    Map<String, Object> status();
}
