package dev.agentls.cli;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps a long-running server's resident memory close to its live data. The JVM's defaults on a large machine let
 * the heap grow after bursts (an index build, a run of searches) and keep it committed; these manageable flags make
 * an idle JVM collect every {@value #PERIODIC_GC_MS} ms and give back free heap. Flags set on the command line win;
 * a JVM without them (not HotSpot) is left alone. Returns what it set, for logs and tests.
 */
final class HeapTuning {

    static final int PERIODIC_GC_MS = 15_000;

    private HeapTuning() {}

    static Map<String, String> forLongRunningServer() {
        Map<String, String> set = new LinkedHashMap<>();
        try {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            // Min before Max: the JVM refuses a maximum below the current minimum.
            setIfDefault(vm, "MinHeapFreeRatio", "10", set);
            setIfDefault(vm, "MaxHeapFreeRatio", "30", set);
            setIfDefault(vm, "G1PeriodicGCInterval", String.valueOf(PERIODIC_GC_MS), set);
        } catch (RuntimeException | LinkageError e) {
            // Not HotSpot, or a flag this JVM does not know: the defaults stand.
        }
        return set;
    }

    private static void setIfDefault(HotSpotDiagnosticMXBean vm, String name, String value, Map<String, String> set) {
        VMOption option = vm.getVMOption(name);
        if (option.getOrigin() == VMOption.Origin.DEFAULT && option.isWriteable()) {
            vm.setVMOption(name, value);
            set.put(name, value);
        }
    }
}
