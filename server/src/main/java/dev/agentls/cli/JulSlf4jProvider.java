package dev.agentls.cli;

import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Marker;
import org.slf4j.helpers.AbstractLogger;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * Hands SLF4J records (the MCP SDK's) to java.util.logging, so they land where {@link LogFile} puts every record;
 * without a provider SLF4J prints its own warning on stderr and drops them.
 */
public final class JulSlf4jProvider implements SLF4JServiceProvider {

    private final ILoggerFactory loggers = name -> new JulLogger(name);
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();

    @Override
    public ILoggerFactory getLoggerFactory() {
        return loggers;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
    }

    /** One SLF4J logger writing to the java.util.logging logger of the same name. */
    private static final class JulLogger extends AbstractLogger {
        private static final long serialVersionUID = 1L;
        private final transient Logger jul;

        JulLogger(String name) {
            this.name = name;
            this.jul = Logger.getLogger(name);
        }

        @Override
        protected String getFullyQualifiedCallerName() {
            return null;
        }

        @Override
        protected void handleNormalizedLoggingCall(org.slf4j.event.Level level, Marker marker, String pattern,
                                                   Object[] arguments, Throwable thrown) {
            LogRecord record = new LogRecord(jul(level), MessageFormatter.basicArrayFormat(pattern, arguments));
            record.setLoggerName(name);
            record.setThrown(thrown);
            jul.log(record);
        }

        private static Level jul(org.slf4j.event.Level level) {
            return switch (level) {
                case ERROR -> Level.SEVERE;
                case WARN -> Level.WARNING;
                case INFO -> Level.INFO;
                case DEBUG -> Level.FINE;
                case TRACE -> Level.FINEST;
            };
        }

        @Override
        public boolean isTraceEnabled() {
            return jul.isLoggable(Level.FINEST);
        }

        @Override
        public boolean isTraceEnabled(Marker marker) {
            return isTraceEnabled();
        }

        @Override
        public boolean isDebugEnabled() {
            return jul.isLoggable(Level.FINE);
        }

        @Override
        public boolean isDebugEnabled(Marker marker) {
            return isDebugEnabled();
        }

        @Override
        public boolean isInfoEnabled() {
            return jul.isLoggable(Level.INFO);
        }

        @Override
        public boolean isInfoEnabled(Marker marker) {
            return isInfoEnabled();
        }

        @Override
        public boolean isWarnEnabled() {
            return jul.isLoggable(Level.WARNING);
        }

        @Override
        public boolean isWarnEnabled(Marker marker) {
            return isWarnEnabled();
        }

        @Override
        public boolean isErrorEnabled() {
            return jul.isLoggable(Level.SEVERE);
        }

        @Override
        public boolean isErrorEnabled(Marker marker) {
            return isErrorEnabled();
        }
    }
}
