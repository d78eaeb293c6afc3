package io.wfs.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * An integration test that runs with no other test at once (wfs-it/pom.xml, execution "alone"):
 * it loads the whole machine, times what it does, or injects faults whose timing another test's
 * load would change. The others run two at a time.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("alone")
public @interface RunsAlone {
}
