package dev.agentls.llm;

/** Carries a {@link ModelFailure} up through the call's own code; never escapes the package. */
final class FailureException extends Exception {

    private final transient ModelFailure failure;

    FailureException(ModelFailure failure) {
        super(failure.message(), null, false, false);
        this.failure = failure;
    }

    ModelFailure failure() {
        return failure;
    }
}
