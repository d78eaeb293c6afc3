package io.wfs.common.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WfsConfigTest {
    private final ConfigRegistry registry = ConfigRegistry.discover();

    @Test
    void unsetKeysHaveTheirDefault() {
        WfsConfig c = WfsConfig.defaults();
        assertEquals(4L << 20, c.get(CommonConfigKeys.MAX_META_FRAME));
        assertEquals(Duration.ofSeconds(10), c.get(CommonConfigKeys.CALL_TIMEOUT));
        assertFalse(c.isSet(CommonConfigKeys.CALL_TIMEOUT));
    }

    @Test
    void sizesAndDurationsParseWithUnits() {
        assertEquals(4096L, ConfigType.parseSize("4KiB"));
        assertEquals(3L << 20, ConfigType.parseSize("3M"));
        assertEquals(1L << 30, ConfigType.parseSize("1 GiB"));
        assertEquals(17L, ConfigType.parseSize("17"));
        assertEquals(Duration.ofMillis(250), ConfigType.parseDuration("250ms"));
        assertEquals(Duration.ofMinutes(2), ConfigType.parseDuration("2m"));
        assertEquals("8MiB", ConfigType.formatSize(8L << 20));
        assertEquals("1500ms", ConfigType.formatDuration(Duration.ofMillis(1500)));
        assertThrows(IllegalArgumentException.class, () -> ConfigType.parseSize("12XB"));
        assertThrows(IllegalArgumentException.class, () -> ConfigType.parseDuration("soon"));
    }

    @Test
    void flagsOverrideTheFileAndEveryValueIsChecked(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("wfs.properties");
        Files.writeString(file, "rpc.call-timeout = 3s\nrpc.worker-threads = 4\n");
        WfsConfig c = WfsConfig.load(file, Map.of("rpc.worker-threads", "12"), registry);
        assertEquals(Duration.ofSeconds(3), c.get(CommonConfigKeys.CALL_TIMEOUT));
        assertEquals(12, c.get(CommonConfigKeys.WORKER_THREADS));
    }

    @Test
    void unknownKeysAndBadValuesAreAllReportedAtOnce(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("wfs.properties");
        Files.writeString(file, "rpc.call-timout = 3s\nrpc.worker-threads = lots\nrpc.connections-per-peer = 0\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WfsConfig.load(file, Map.of(), registry));
        assertTrue(e.getMessage().contains("unknown configuration key 'rpc.call-timout'"), e.getMessage());
        assertTrue(e.getMessage().contains("rpc.worker-threads"), e.getMessage());
        assertTrue(e.getMessage().contains("rpc.connections-per-peer: must be between 1 and 64"), e.getMessage());
    }

    @Test
    void withChecksTheValue() {
        assertThrows(IllegalArgumentException.class, () -> WfsConfig.defaults().with(CommonConfigKeys.WORKER_THREADS, 0));
        assertEquals(9, WfsConfig.defaults().with(CommonConfigKeys.WORKER_THREADS, 9).get(CommonConfigKeys.WORKER_THREADS));
    }

    @Test
    void aKeyDeclaredTwiceIsRefused() {
        ConfigKeySet a = new ConfigKeySet() {
            public String module() {
                return "a";
            }

            public List<ConfigKey<?>> keys() {
                return List.of(CommonConfigKeys.EPOLL);
            }
        };
        assertThrows(IllegalStateException.class, () -> new ConfigRegistry(List.of(a, new CommonConfigKeys())));
    }

    @Test
    void everyDefaultIsValidAndDocumented() {
        for (ConfigKeySet set : registry.keySets()) {
            for (ConfigKey<?> k : set.keys()) {
                assertFalse(k.doc().isBlank(), k.name());
                k.parse(k.formatDefault());
            }
        }
    }
}
