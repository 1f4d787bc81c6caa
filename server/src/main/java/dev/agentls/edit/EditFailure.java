package dev.agentls.edit;

/**
 * Why an edit was not applied, with the facts a model can act on. Deliberately not sealed: each edit format owns
 * its own closed set of failures ({@link SearchReplaceFailure}, the lazy-edit merger's own) behind this one face.
 */
public interface EditFailure {

    /** The whole explanation, as said to the model or the user: names the block, the lines and the difference. */
    String message();
}
