package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.syntax.FileLanguage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@Tag("slow")
class ElisionMarkersTest {

    private static ElisionMarkers markersFor(String fileName) {
        return new ElisionMarkers(FileLanguage.forFileName(fileName).comments());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "A.java|// ... existing code ...",
        "A.java|    // ... existing code ...",
        "A.java|// ... rest of the code ...",
        "A.java|// ... existing code here ...",
        "A.java|// existing code...",
        "A.java|// (existing code)",
        "A.java|/* ... existing code ... */",
        "A.java|// …existing code…",
        "A.java|// ... same ...",
        "A.java|// ...",
        "A.java|// Existing code",
        "A.java|// rest of the file unchanged",
        "A.java|// ... other methods ...",
        "A.java|// ... (rest of the class remains the same) ...",
        "A.java|// … 200 lines omitted …",
        "A.java|// Rest of the methods unchanged",
        "A.java|/* ... */",
        "a.py|# ... existing code ...",
        "a.py|        # ... rest of the existing code ...",
        "a.py|## ... existing imports ...",
        "a.tsx|{/* ... existing code ... */}",
        "a.tsx|// ... rest of the existing code ...",
        "index.html|<!-- ... existing code ... -->",
        "q.sql|-- ... existing code ...",
        "init.el|;; ... existing code ...",
        "a.go|// ... existing code ...",
        "data.json|// ... existing code ...",
        "notes.txt|# ... existing code ...",
        "notes.txt|// ... existing code ...",
    })
    void recognisesTheSpellingsModelsWrite(String fileName, String line) {
        assertTrue(markersFor(fileName).isMarker(line), line);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "// TODO: handle other cases...",
        "// existing code paths are validated by the caller before this point is reached",
        "String s = \"// ... existing code ...\";",
        "foo(); // ... existing code ...",
        "// the same as above",
        "# ... existing code ...",
        "/* ... existing code ...",
        "// returns the rest",
    })
    void realCommentsAndCodeAreNotMarkersInJava(String line) {
        assertFalse(markersFor("A.java").isMarker(line), line);
    }

    @ParameterizedTest
    @ValueSource(strings = {"// ... existing code ...", "print(\"# ... existing code ...\")"})
    void otherLanguagesCommentSyntaxIsCodeInPython(String line) {
        assertFalse(markersFor("a.py").isMarker(line), line);
    }
}
