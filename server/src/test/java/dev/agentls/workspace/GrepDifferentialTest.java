package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.re2j.Pattern;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fast paths (literal plans, prefilters, chunked parallel scan) must find exactly what RE2/J finds line by line.
 * Seeded random files and patterns; the reference is the obvious loop.
 */
@Tag("slow")
class GrepDifferentialTest {

    private static final String[] WORDS = {"cache", "Cache", "CACHE", "cacheManager", "TODO", "TODOS", "FIXME", "fix_me",
        "a.b", "a+b", "x", "caché", "naïve", "context", "ApplicationContext", "_cache", "cache_", "9cache", "(x)", "[y]"};

    @TempDir
    Path root;

    @Test
    void fastPathsAgreeWithPlainRe2jOnRandomCorpusAndPatterns() throws Exception {
        Random random = new Random(20261122);
        List<String[]> files = new ArrayList<>();
        for (int f = 0; f < 60; f++) {
            StringBuilder sb = new StringBuilder();
            int lines = 1 + random.nextInt(80);
            String eol = random.nextInt(4) == 0 ? "\r\n" : "\n";
            for (int l = 0; l < lines; l++) {
                int words = random.nextInt(8);
                for (int w = 0; w < words; w++) {
                    sb.append(WORDS[random.nextInt(WORDS.length)]).append(random.nextInt(3) == 0 ? "" : " ");
                }
                if (l < lines - 1 || random.nextBoolean()) {
                    sb.append(eol);
                }
            }
            String rel = String.format("d%d/f%02d.txt", f % 4, f);
            files.add(new String[] {rel, sb.toString()});
            Files.createDirectories(root.resolve(rel).getParent());
            Files.writeString(root.resolve(rel), sb.toString());
        }
        files.sort((a, b) -> a[0].compareTo(b[0]));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            FileIndex index = new FileIndex(new WorkspaceRoots(List.of(root)), new PathPolicy(), pool,
                    Clock.systemUTC(), Duration.ofHours(1));
            index.start().get(30, TimeUnit.SECONDS);
            GrepSearch search = new GrepSearch(index, new DocumentStore(), pool, 2);
            String[] templates = {"%s", "\\b%s\\b", "(%s|%s)\\b", "\\b(%s|%s)", "%s|%s", "(?i)%s", "%s.%s", "%s\\s+%s",
                "[A-Z]%s", "%s?x", "(?:%s|%s)", "\\Q%s\\E", "^%s", "%s$", "%s\\b", "\\b%s", "c[a-z]+e"};
            for (int i = 0; i < 250; i++) {
                String template = templates[random.nextInt(templates.length)];
                String a = Pattern.quote(WORDS[random.nextInt(WORDS.length)]);
                String b = Pattern.quote(WORDS[random.nextInt(WORDS.length)]);
                if (random.nextBoolean()) {
                    a = WORDS[random.nextInt(8)];
                    b = WORDS[random.nextInt(8)];
                }
                String pattern = template.contains("\\Q") ? String.format(template, WORDS[random.nextInt(WORDS.length)])
                        : String.format(template, a, b);
                boolean caseSensitive = random.nextBoolean();
                List<String> expected = reference(files, pattern, caseSensitive);
                GrepResult all = search.grep(new GrepQuery(pattern, caseSensitive, null, null, 100_000, true));
                List<String> actual = all.matches().stream().map(m -> m.path() + ":" + m.line()).toList();
                assertEquals(expected, actual, () -> "pattern " + pattern + " caseSensitive=" + caseSensitive);
                assertEquals(expected.size(), all.totalMatches(), pattern);
                int max = 1 + random.nextInt(30);
                GrepResult first = search.grep(GrepQuery.of(pattern, caseSensitive, max));
                assertEquals(expected.subList(0, Math.min(max, expected.size())),
                        first.matches().stream().map(m -> m.path() + ":" + m.line()).toList(), pattern);
                assertEquals(expected.size() > max, first.more(), pattern);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<String> reference(List<String[]> files, String pattern, boolean caseSensitive) throws IOException {
        Pattern p = Pattern.compile(pattern, caseSensitive ? 0 : Pattern.CASE_INSENSITIVE);
        List<String> out = new ArrayList<>();
        for (String[] f : files) {
            String[] lines = f[1].split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
                if (i == lines.length - 1 && lines[i].isEmpty()) {
                    continue;
                }
                if (p.matcher(line).find()) {
                    out.add(f[0] + ":" + (i + 1));
                }
            }
        }
        return out;
    }
}
