import json, sys
n = int(sys.argv[1]); tool = sys.argv[2] if len(sys.argv) > 2 else "read_file"
out = []
def sse(d): out.append(json.dumps({"type": "sse", "data": d}))
out.append('{"type":"response"}')
for i in range(n):
    args = json.dumps({"target_file": "src/main/java/demo/Greeter.java"}) if tool == "read_file" else json.dumps({"path": "."})
    sse({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": i, "id": "call_%d" % i, "type": "function",
        "function": {"name": tool, "arguments": args}}]}, "finish_reason": None}]})
sse({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
sse({"choices": [], "usage": {"prompt_tokens": 100, "completion_tokens": 20}})
out.append('{"type":"raw","text":"data: [DONE]\\n\\n"}')
out.append('{"type":"response"}')
sse({"choices": [{"index": 0, "delta": {"content": "Done."}, "finish_reason": None}]})
sse({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
sse({"choices": [], "usage": {"prompt_tokens": 100, "completion_tokens": 20}})
out.append('{"type":"raw","text":"data: [DONE]\\n\\n"}')
print("\n".join(out))
