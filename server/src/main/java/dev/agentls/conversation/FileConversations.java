package dev.agentls.conversation;

import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.TokenUsage;
import dev.agentls.workspace.AtomicWriter;
import dev.agentls.workspace.TempFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Conversations persisted under {@code <root>/.agentls/conversations/<id>.json}, written whole and atomically (temp
 * file and rename) after every change but a tool call's result and history entry, which are appended to the
 * {@link ConversationJournal} beside it (so one answer's calls cost one small append each, and the file is rewritten
 * once per step), so a crash leaves the last complete state. On load the journal is laid over the file and every
 * call a crash left without a result is answered by {@link StoppedCalls}. A new conversation's file is
 * written at its first change, not at its creation: a run's first write is its request (one write, one sync, before
 * the request is sent), and a conversation that never got a message leaves no file. One {@link Conversation} object per
 * id lives in the process, so concurrent runs and commands share its lock and write in order. A file that cannot be
 * read (not JSON, another format or version, a missing field, a name that does not match its id) is refused with a
 * {@link ConversationFileException} naming it and the reason, and never overwritten. The first write adds
 * {@code .agentls/} to {@code .git/info/exclude}.
 */
public final class FileConversations implements Conversations {

    /** How a conversation's whole file is written: atomically, replacing what was there. */
    @FunctionalInterface
    public interface FileWriter {
        void write(Path file, byte[] bytes) throws IOException;
    }

    /** What {@code list} shows of one conversation; {@code problem} says why its file could not be read. */
    public record Summary(String id, String title, int messages, int runs, TokenUsage usage,
                          Optional<String> problem) {}

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    private static final String SUFFIX = ".json";

    private final Path root;
    private final Path folder;
    private final Supplier<String> ids;
    private final ConversationClaims claims;
    private final ConversationCodec codec = new ConversationCodec();
    private final FileWriter writer;
    private final ConversationJournal journal = new ConversationJournal();
    private final StoppedCalls stopped;
    private final Clock clock;
    private final Conversation.Listener listener = new Saver();
    private final Map<String, Conversation> open = new HashMap<>();
    private final Object excludeLock = new Object();
    /** Ids whose whole file exists, so their tool results may go to the journal. */
    private final Set<String> written = ConcurrentHashMap.newKeySet();
    private boolean excluded;
    private boolean swept;

    /** Ids like {@code 20261124-051500-3f9a2c1b}: sortable by creation, unique by their random tail. */
    public FileConversations(Path root, Clock clock) {
        this(root, clock, StoppedCalls.Note.UNKNOWN_EFFECT);
    }

    /** @param stoppedCall what the model reads for a call a crash left without its result */
    public FileConversations(Path root, Clock clock, StoppedCalls.Note stoppedCall) {
        this(root, () -> RandomIds.timestamped(clock.instant()), new AtomicWriter()::writeBytes, stoppedCall, clock);
    }

    public FileConversations(Path root, Supplier<String> ids) {
        this(root, ids, new AtomicWriter()::writeBytes);
    }

    public FileConversations(Path root, Supplier<String> ids, FileWriter writer) {
        this(root, ids, writer, StoppedCalls.Note.UNKNOWN_EFFECT, Clock.systemUTC());
    }

    /**
     * @param writer writes a file whole ({@link AtomicWriter#writeBytes}: temp file, its content synced, renamed over
     *               the old one); tests count the writes through it
     */
    public FileConversations(Path root, Supplier<String> ids, FileWriter writer, StoppedCalls.Note stoppedCall,
                             Clock clock) {
        this.root = root.toAbsolutePath().normalize();
        this.folder = this.root.resolve(".agentls").resolve("conversations");
        this.claims = new ConversationClaims(this.root.resolve(".agentls").resolve("locks"));
        this.ids = ids;
        this.writer = writer;
        this.stopped = new StoppedCalls(stoppedCall);
        this.clock = clock;
    }

    /** The folder the files live in. */
    public Path folder() {
        return folder;
    }

    @Override
    public synchronized Conversation create() {
        sweepOnce();
        String id = ids.get();
        checkId(id);
        if (open.containsKey(id) || Files.exists(file(id))) {
            throw new IllegalStateException("conversation id " + id + " is taken");
        }
        Conversation conversation = new Conversation(id, listener);
        open.put(id, conversation);
        return conversation;
    }

    /**
     * The conversation with this id, read from its file the first time. An id that is not a plain name is refused
     * with an {@link IllegalArgumentException}; an unreadable file with a {@link ConversationFileException}.
     */
    @Override
    public synchronized Optional<Conversation> find(String id) {
        checkId(id);
        sweepOnce();
        Conversation known = open.get(id);
        if (known != null) {
            return Optional.of(known);
        }
        Path file = file(id);
        String text;
        try {
            text = utf8(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (CharacterCodingException e) {
            throw new ConversationFileException(file, "not UTF-8 text");
        } catch (IOException e) {
            throw new ConversationFileException(file, "it cannot be read: " + e.getMessage());
        }
        Conversation.Snapshot snapshot;
        try {
            snapshot = codec.read(text, id);
        } catch (ConversationCodec.Unreadable e) {
            throw new ConversationFileException(file, e.getMessage());
        }
        Path journalFile = journal(id);
        try {
            snapshot = journal.replay(snapshot, journalFile);
        } catch (ConversationCodec.Unreadable e) {
            throw new ConversationFileException(journalFile, e.getMessage());
        } catch (IOException e) {
            throw new ConversationFileException(journalFile, "it cannot be read: " + e.getMessage());
        }
        Conversation conversation = Conversation.restore(stopped.answer(snapshot, clock.instant()), listener);
        written.add(id);
        open.put(id, conversation);
        return Optional.of(conversation);
    }

    /** Ids of every conversation file, oldest first (ids sort by creation). */
    @Override
    public synchronized List<String> ids() {
        sweepOnce();
        List<String> found = new ArrayList<>(open.keySet());
        if (Files.isDirectory(folder)) {
            try (Stream<Path> files = Files.list(folder)) {
                files.map(f -> f.getFileName().toString())
                        .filter(n -> n.endsWith(SUFFIX))
                        .map(n -> n.substring(0, n.length() - SUFFIX.length()))
                        .filter(n -> ID.matcher(n).matches() && !found.contains(n))
                        .forEach(found::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + folder, e);
            }
        }
        found.sort(null);
        return found;
    }

    /** One line's worth of every conversation, oldest first; an unreadable file is listed with its reason. */
    public synchronized List<Summary> list() {
        List<Summary> summaries = new ArrayList<>();
        for (String id : ids()) {
            try {
                Conversation c = find(id).orElseThrow();
                summaries.add(new Summary(id, c.title(), c.messages().size(), c.runs().size(), c.usage(),
                        Optional.empty()));
            } catch (ConversationFileException e) {
                summaries.add(new Summary(id, "", 0, 0, TokenUsage.NONE, Optional.of(e.reason())));
            }
        }
        return summaries;
    }

    /** Renames a conversation (its title; the id stays). */
    public synchronized Conversation rename(String id, String title) {
        Conversation conversation = existing(id);
        conversation.rename(title);
        return conversation;
    }

    /** Deletes a conversation's file, even an unreadable one, which is only ever removed this way. */
    public synchronized void delete(String id) {
        checkId(id);
        Path file = file(id);
        if (!open.containsKey(id) && !Files.exists(file)) {
            throw new IllegalArgumentException("no conversation with id '" + id + "' in " + folder);
        }
        try {
            Files.deleteIfExists(file);
            journal.clear(journal(id));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + file, e);
        }
        open.remove(id);
        written.remove(id);
    }

    /** The file of a conversation (which may not exist). */
    public Path file(String id) {
        checkId(id);
        return folder.resolve(id + SUFFIX);
    }

    /** Removes the temp files of writes a crash interrupted, once per store (the first thing it does). */
    private void sweepOnce() {
        if (!swept) {
            swept = true;
            TempFiles.sweep(folder);
        }
    }

    private Path journal(String id) {
        return folder.resolve(id + ConversationJournal.SUFFIX);
    }

    private Conversation existing(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException("no conversation with id '" + id + "' in "
                + folder));
    }

    /** Called under the conversation's lock after every change. */
    private final class Saver implements Conversation.Listener {
        @Override
        public void changed(Conversation conversation) {
            save(conversation);
        }

        @Override
        public void appended(Conversation conversation, ConversationMessage added) {
            if (added.message() instanceof ModelMessage.ToolResult
                    && written.contains(conversation.id())) {
                Path file = journal(conversation.id());
                try {
                    journal.append(file, added);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot append to " + file + ": " + e.getMessage(), e);
                }
            } else {
                save(conversation);
            }
        }

        @Override
        public void recorded(Conversation conversation, HistoryEntry entry) {
            if (!written.contains(conversation.id())) {
                save(conversation);
                return;
            }
            Path file = journal(conversation.id());
            try {
                journal.append(file, entry);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot append to " + file + ": " + e.getMessage(), e);
            }
        }
    }

    /** The whole file, atomically; then the journal, whose lines it now holds, is emptied. */
    private void save(Conversation conversation) {
        Path file = file(conversation.id());
        try {
            excludeFromGit();
            writer.write(file, codec.write(conversation.snapshot()).getBytes(StandardCharsets.UTF_8));
            written.add(conversation.id());
            journal.clear(journal(conversation.id()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write conversation file " + file + ": " + e.getMessage(), e);
        }
    }

    private void excludeFromGit() throws IOException {
        synchronized (excludeLock) {
            if (!excluded) {
                GitExclude.ensure(root);
                excluded = true;
            }
        }
    }

    private static void checkId(String id) {
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("'" + id + "' is not a conversation id: ids are 1-100 letters, digits,"
                    + " '.', '_' or '-', starting with a letter or digit");
        }
    }

    private static String utf8(byte[] bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    }

    @Override
    public ConversationClaims claims() {
        return claims;
    }
}
