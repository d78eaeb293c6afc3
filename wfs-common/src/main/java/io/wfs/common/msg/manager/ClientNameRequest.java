package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.Validate;

/** The shape of the manager's questions that carry nothing but who asks: {@code clientName}, for its logs. */
public abstract class ClientNameRequest<R extends Response> implements Request<R> {
    private String clientName;

    protected ClientNameRequest() {
    }

    protected ClientNameRequest(String clientName) {
        this.clientName = clientName;
    }

    public String clientName() {
        return clientName;
    }

    @Override
    public void validate() {
        Validate.length(clientName, "clientName", ManagerFields.MAX_NAME_CHARS);
    }
}
