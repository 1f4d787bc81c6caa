package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

class HeapTuningTest {

    @Test
    void setsPeriodicCollectionAndFreeRatiosUnlessGivenOnTheCommandLine() {
        HeapTuning.forLongRunningServer();
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        for (String name : new String[] {"MinHeapFreeRatio", "MaxHeapFreeRatio", "G1PeriodicGCInterval"}) {
            var option = vm.getVMOption(name);
            if (option.getOrigin() == com.sun.management.VMOption.Origin.MANAGEMENT) {
                String expected = switch (name) {
                    case "MinHeapFreeRatio" -> "10";
                    case "MaxHeapFreeRatio" -> "30";
                    default -> String.valueOf(HeapTuning.PERIODIC_GC_MS);
                };
                assertEquals(expected, option.getValue(), name);
            }
        }
        assertEquals(String.valueOf(HeapTuning.PERIODIC_GC_MS), vm.getVMOption("G1PeriodicGCInterval").getValue());
    }
}
