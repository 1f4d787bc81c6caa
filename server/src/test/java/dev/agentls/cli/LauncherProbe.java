package dev.agentls.cli;

/** The main class of the small jar {@link LauncherArchiveTest} puts where the launcher expects agentls.jar. */
public final class LauncherProbe {

    private LauncherProbe() {}

    public static void main(String[] args) {
        System.out.println("probe started " + String.join(" ", args));
    }
}
