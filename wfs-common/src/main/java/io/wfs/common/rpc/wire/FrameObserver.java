package io.wfs.common.rpc.wire;

import io.wfs.common.rpc.MessageType;

/** Receives what the codec sees; implemented by the RPC metrics. */
public interface FrameObserver {
    void frameIn(MessageType type, int wireBytes);

    void frameOut(MessageType type, int wireBytes);

    void violation(ProtocolViolation violation);

    FrameObserver NONE = new FrameObserver() {
        @Override
        public void frameIn(MessageType type, int wireBytes) {
        }

        @Override
        public void frameOut(MessageType type, int wireBytes) {
        }

        @Override
        public void violation(ProtocolViolation violation) {
        }
    };
}
