package io.wfs.manager.state;

/** What a store node declared at registration: disks, capacity, free space, and when (leader clock). */
public record StoreCapacity(int disks, long capacityBytes, long freeBytes, long registeredAtMillis) {
}
