package io.wfs.common.testing;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/** Collects what one logger writes while open, so a test can check the line an operator would see. */
public final class LogCapture implements AutoCloseable {
    private final Logger logger;
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    public LogCapture(Class<?> loggerOf) {
        logger = (Logger) LoggerFactory.getLogger(loggerOf);
        appender.start();
        logger.addAppender(appender);
    }

    /** The formatted messages logged so far. */
    public List<String> lines() {
        synchronized (appender.list) {
            return appender.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        }
    }

    public boolean anyContains(String text) {
        return lines().stream().anyMatch(l -> l.contains(text));
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
        appender.stop();
    }
}
