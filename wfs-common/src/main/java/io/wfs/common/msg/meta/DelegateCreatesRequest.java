package io.wfs.common.msg.meta;

/**
 * Asks the leader of a directory's group for the right to create files in it without a round
 * trip each (docs/metadata.md, "Asynchronous creates"): the leader reserves a range of inode
 * numbers of the directory's slot for the session, takes back every other session's cache lease
 * on the directory, and from then on recalls the delegation (through the session's lease poll)
 * before it serves any other session's request that names the directory.
 */
public final class DelegateCreatesRequest extends InodeRequest<CreateDelegationReply> {
    public DelegateCreatesRequest() {
    }

    public DelegateCreatesRequest(MetaHeader header, long dir) {
        super(header, dir);
    }

    @Override
    public void validate() {
        super.validate();
        // The delegation belongs to a session, whose lease poll hears of its recall.
        MetaHeader.requireSession(header());
    }
}
