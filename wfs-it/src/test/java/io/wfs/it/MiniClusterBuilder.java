package io.wfs.it;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The shape of a {@link MiniCluster}; defaults: no manager, 3 meta nodes in this JVM serving 1
 * group of a static slot map, no store. Managers start first, then meta nodes, then stores; every
 * node is a real {@code bin/wfs} process when asked (needed to kill -9 it).
 */
public final class MiniClusterBuilder {
    int managers;
    boolean managerProcesses;
    final Map<String, String> managerSettings = new LinkedHashMap<>();
    int metaNodes = 3;
    int groups = 1;
    boolean metaProcesses;
    boolean metaFromManager;
    final Map<String, String> metaSettings = new LinkedHashMap<>();
    java.util.function.UnaryOperator<io.wfs.common.config.WfsConfig> localSettings = c -> c;
    int stores;
    boolean storeProcesses;
    final Map<String, String> storeSettings = new LinkedHashMap<>();
    final Map<Integer, Map<String, String>> oneStoreSettings = new LinkedHashMap<>();
    boolean storesReadSlotMap;
    boolean localCluster;
    boolean localCommand;
    int mounts;
    boolean uncachedMounts;
    java.util.function.UnaryOperator<io.wfs.common.config.WfsConfig> mountSettings = java.util.function.UnaryOperator.identity();
    boolean hostPerProcess;

    MiniClusterBuilder() {
    }

    /** How many manager replicas (0: the meta nodes use a static slot map, stores run without a manager). */
    public MiniClusterBuilder managers(int n) {
        managers = n;
        return this;
    }

    /** Run the managers as real bin/wfs manager processes. */
    public MiniClusterBuilder managerProcesses(boolean p) {
        managerProcesses = p;
        return this;
    }

    /** A setting of every manager's configuration. */
    public MiniClusterBuilder managerSetting(String key, String value) {
        managerSettings.put(key, value);
        return this;
    }

    public MiniClusterBuilder metaNodes(int n) {
        metaNodes = n;
        return this;
    }

    /** Groups of the static slot map (each on every meta node). */
    public MiniClusterBuilder groups(int n) {
        groups = n;
        return this;
    }

    /** Run meta nodes as real bin/wfs meta processes (needed to kill -9 them). */
    public MiniClusterBuilder processes(boolean p) {
        metaProcesses = p;
        return this;
    }

    /** Meta nodes with no slot-map file: they register with the managers and serve the groups placed on them. */
    public MiniClusterBuilder metaFromManager() {
        metaFromManager = true;
        return this;
    }

    /** A setting of every meta node's configuration. */
    public MiniClusterBuilder set(String key, String value) {
        metaSettings.put(key, value);
        return this;
    }

    /** How many stores to start (linked to the managers through store.managers when there are managers). */
    public MiniClusterBuilder stores(int n) {
        stores = n;
        return this;
    }

    /** Run stores as real bin/wfs store processes (else StoreServers in this JVM). */
    public MiniClusterBuilder storeProcesses(boolean p) {
        storeProcesses = p;
        return this;
    }

    /** A setting of every store's configuration. */
    public MiniClusterBuilder storeSetting(String key, String value) {
        storeSettings.put(key, value);
        return this;
    }

    /** A setting of store {@code i}'s configuration only (over the settings of every store). */
    public MiniClusterBuilder storeSetting(int i, String key, String value) {
        oneStoreSettings.computeIfAbsent(i, n -> new LinkedHashMap<>()).put(key, value);
        return this;
    }

    /** Stores read the static slot map (store.slot-map-file), as they do to check orphans with the meta groups. */
    public MiniClusterBuilder storesReadSlotMap() {
        storesReadSlotMap = true;
        return this;
    }

    /**
     * Instead of managers, meta nodes and stores of its own: the cluster {@code wfs local} runs
     * (a manager, 3 meta nodes it places groups on, 3 stores), in this JVM.
     */
    public MiniClusterBuilder localCluster() {
        localCluster = true;
        metaNodes = 0;
        return this;
    }

    /**
     * For tests of the {@code wfs local} command itself: instead of nodes of its own, the cluster
     * gives the test {@link MiniCluster#localCommand()} to run {@code bin/wfs local} with
     * {@code --dir <dir>/data --mount <dir>/mnt} (the test starts and stops it, that being what it
     * tests), and on close runs {@code wfs local stop} and removes a mount left behind.
     */
    public MiniClusterBuilder localCommand() {
        localCommand = true;
        metaNodes = 0;
        return this;
    }

    /** FUSE mounts in this JVM, each through its own client of the managers (after every node started). */
    public MiniClusterBuilder mounts(int n) {
        mounts = n;
        return this;
    }

    /**
     * Mounts that cache no names or attributes (the kernel's timeouts and the client's attr-ttl are
     * 0): every stat and lookup asks the meta servers, so a test sees their state as it is.
     */
    public MiniClusterBuilder uncachedMounts() {
        uncachedMounts = true;
        return this;
    }

    /** Settings of the {@link #localCluster()}'s nodes (manager, meta nodes, stores), on top of the defaults. */
    public MiniClusterBuilder localSettings(java.util.function.UnaryOperator<io.wfs.common.config.WfsConfig> settings) {
        localSettings = settings;
        return this;
    }

    /** Client settings of every mount of {@link #mounts(int)}, applied on top of the defaults. */
    public MiniClusterBuilder mountSettings(java.util.function.UnaryOperator<io.wfs.common.config.WfsConfig> settings) {
        mountSettings = settings;
        return this;
    }

    /**
     * Every process (managers, meta nodes, stores, {@link MiniCluster#mountProcess()}) on a host of
     * its own: a network namespace of a {@link NetworkLab}, so that the test can cut and slow the
     * network between them ({@link MiniCluster#network()}). Nodes in this JVM are not allowed then.
     */
    public MiniClusterBuilder hostPerProcess() {
        hostPerProcess = true;
        return this;
    }

    public MiniCluster start() throws Exception {
        return MiniCluster.start(this);
    }
}
