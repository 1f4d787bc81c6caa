package dev.agentls.agent;

import dev.agentls.config.LlmSettings;
import dev.agentls.conversation.Conversation;
import dev.agentls.conversation.HistoryEntry;
import dev.agentls.llm.ModelCall;
import dev.agentls.llm.ModelMessage;
import dev.agentls.tools.Cancellation;
import dev.agentls.tools.PastCalls;
import dev.agentls.tools.ToolContext;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What one run's loop works with, assembled at its start: the run's host and tool step, the request builder over the
 * system prompt with the project's layers, and the reviewers of the model's answers and mistakes. Building them also
 * gathers the later tools under the run's cancellation and warns of what the run goes without.
 */
record RunParts(ToolStep step, RequestBuilder requests, AnswerReview review, MistakeNotes notes,
                MistakeBound mistakes, ProjectContext.Layers project) {

    /**
     * @param register hears each model call the run makes, so a cancel reaches it
     * @param dropped the ids of messages no request sends again; a repo map that is now the system prompt joins them
     */
    static RunParts assemble(String runId, RunRequest request, Conversation conversation, RunContext context,
                             EventStream events, Cancellation cancellation, ModeState mode, Budget budget,
                             Instant started, Consumer<ModelCall> register, Set<String> dropped) {
        LlmSettings llm = context.settings().llm();
        Budget.unusable(context.settings().agent(), llm.price(), llm.model())
                .ifPresent(why -> events.emit(seq -> new AgentEvent.Warning(runId, seq, why)));
        RunHost host = new RunHost(context.host(), events, cancellation, mode::readOnlyReason);
        PlanTracker plan = new PlanTracker(events, host);
        ModelEditSubAgent subAgent = new ModelEditSubAgent(context.model(), cancellation, register,
                budget::add);
        PastCalls past = () -> conversation.history().stream().filter(HistoryEntry::ok)
                .map(entry -> new PastCalls.Call(entry.tool(), entry.params())).toList();
        ToolStep step = new ToolStep(context.tools(), new ToolContext(host, cancellation, conversation.id(),
                subAgent, past), host,
                events, plan, mode, conversation, context.roots(), context.clock());
        // Later tools (MCP servers; a project's one may wait for the user's trust) are gathered under this run's
        // cancellation, so a cancel ends that wait.
        context.tools().gather(cancellation);
        String system = PromptLayers.system(llm.toolMode(), context.tools(), context.roots(),
                started.atZone(ZoneOffset.UTC).toLocalDate(), System.getProperty("os.name", "unknown"), llm.model());
        ProjectContext.Layers project = context.project().current(request);
        // Tools gathered as the prompt was built (MCP servers started for this run) may come with notes on what
        // could not be had: the run goes on without those, and says so.
        context.tools().notes().forEach(note -> events.emit(seq -> new AgentEvent.Warning(runId, seq, note)));
        AnswerReview review = new AnswerReview(context.tools(), llm.toolMode());
        MistakeNotes notes = new MistakeNotes(llm.toolMode(), context.tools());
        MistakeBound mistakes = new MistakeBound(context.settings().agent().maxConsecutiveMistakes(), events, host,
                words -> conversation.append(runId, new ModelMessage.User(words)));
        RequestBuilder requests = new RequestBuilder(PromptLayers.withProjectLayers(system, project.text()),
                context.tools(), llm.toolMode(), context.history());
        if (project.complete()) {
            // A map that joined an earlier run as a message is this run's system prompt now: not sent twice.
            conversation.messages().stream()
                    .filter(m -> m.message() instanceof ModelMessage.User user
                            && user.text().startsWith(ProjectLayers.ARRIVED))
                    .forEach(m -> dropped.add(m.id()));
        }
        return new RunParts(step, requests, review, notes, mistakes, project);
    }
}
