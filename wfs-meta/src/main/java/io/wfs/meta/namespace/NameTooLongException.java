package io.wfs.meta.namespace;

/** A directory entry name (or xattr name) longer than the limit; errno ENAMETOOLONG. */
public final class NameTooLongException extends NamespaceException {
    public NameTooLongException(int length, int limit) {
        super(Code.ENAMETOOLONG, "name of " + length + " bytes exceeds " + limit);
    }
}
