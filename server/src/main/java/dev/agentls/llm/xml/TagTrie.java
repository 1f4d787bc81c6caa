package dev.agentls.llm.xml;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The opening tag names recognised at the top level of the text (known tools and thinking tags), as a trie walked
 * one character at a time, so a partial tag is recognised as a possible prefix without scanning any name list.
 */
final class TagTrie {

    /** One position in the trie: the characters that may follow, and the name ending here if any. */
    static final class Node {
        private final Map<Character, Node> children = new HashMap<>();
        private String name;

        Node child(char c) {
            return children.get(c);
        }

        String name() {
            return name;
        }
    }

    private final Node root = new Node();

    TagTrie(Set<String> names) {
        for (String name : names) {
            Node n = root;
            for (int i = 0; i < name.length(); i++) {
                n = n.children.computeIfAbsent(name.charAt(i), c -> new Node());
            }
            n.name = name;
        }
    }

    Node root() {
        return root;
    }
}
