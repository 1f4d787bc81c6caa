package dev.agentls.llm.xml;

import java.util.Arrays;
import java.util.Set;

/**
 * The opening tag names recognised at the top level of the text (known tools and thinking tags), as a trie walked
 * one character at a time, so a partial tag is recognised as a possible prefix without scanning any name list.
 * Children are small parallel arrays: tag names branch little, and this sits on the parser's hot path.
 */
final class TagTrie {

    /** One position in the trie: the characters that may follow, and the name ending here if any. */
    static final class Node {
        private char[] keys = new char[0];
        private Node[] children = new Node[0];
        private String name;

        Node child(char c) {
            char[] k = keys;
            for (int i = 0; i < k.length; i++) {
                if (k[i] == c) {
                    return children[i];
                }
            }
            return null;
        }

        private Node add(char c) {
            Node existing = child(c);
            if (existing != null) {
                return existing;
            }
            keys = Arrays.copyOf(keys, keys.length + 1);
            children = Arrays.copyOf(children, children.length + 1);
            keys[keys.length - 1] = c;
            Node n = new Node();
            children[children.length - 1] = n;
            return n;
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
                n = n.add(name.charAt(i));
            }
            n.name = name;
        }
    }

    Node root() {
        return root;
    }
}
