package dev.agentls.edit.generator;

/**
 * One generated edit that knows where it belongs: the file it applies to, the model's edit text, and the file as it
 * must read if the edit is applied (at the place it was made for, with the meaning it was made with).
 */
record GeneratedCase(Noise noise, String fileName, String original, String edit, String intended, int line) {

    String describe() {
        return noise + " on " + fileName + " line " + line + ":\n" + edit;
    }
}
