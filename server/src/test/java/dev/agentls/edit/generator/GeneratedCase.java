package dev.agentls.edit.generator;

import dev.agentls.edit.SearchReplaceBlock;
import java.util.Optional;

/**
 * One generated edit that knows where it belongs: the file it applies to, the model's edit text, and the file as it
 * must read if the edit is applied (at the place it was made for, with the meaning it was made with). A block cut
 * inside its last line cannot be written as marker text (a marker block's SEARCH is whole lines), so it comes as the
 * literal block a string-replace tool hands over.
 */
record GeneratedCase(Noise noise, String fileName, String original, String edit, String intended, int line,
        Optional<SearchReplaceBlock> literal) {

    GeneratedCase(Noise noise, String fileName, String original, String edit, String intended, int line) {
        this(noise, fileName, original, edit, intended, line, Optional.empty());
    }

    String describe() {
        return noise + " on " + fileName + " line " + line + ":\n" + edit;
    }
}
