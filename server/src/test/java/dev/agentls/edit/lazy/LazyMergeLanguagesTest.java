package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** One merge per language we parse, and the plain-text merge in other comment syntaxes. */
class LazyMergeLanguagesTest extends LazyMergeSupport {

    private static final String TWO_CLASSES = """
            class A {
                void run() {
                    a();
                }
            }

            class B {
                void run() {
                    b();
                }
            }
            """;

    @Test
    void javaNewMethodGoesInsideTheClassTheEditNames() {
        String edit = """
                // ... existing code ...

                class B {
                    // ... existing code ...

                    void stop() {
                        halt();
                    }
                }
                """;
        assertEquals(TWO_CLASSES.replace("        b();\n    }\n", "        b();\n    }\n\n    void stop() {\n"
                + "        halt();\n    }\n"), merged("Two.java", TWO_CLASSES, edit));
    }

    @Test
    void javaNewMethodShownInsideAClassStaysInItEvenWhenTheNextAnchorIsAnotherClass() {
        String edit = """
                class A {
                    // ... existing code ...

                    void extra() {
                        more();
                    }
                // ... existing code ...
                class B {
                // ... existing code ...
                """;
        assertEquals(TWO_CLASSES.replace("        a();\n    }\n", "        a();\n    }\n\n    void extra() {\n"
                + "        more();\n    }\n"), merged("Two.java", TWO_CLASSES, edit));
    }

    @Test
    void javaMethodMatchedByNameInItsClassWhenItsFirstLineChanged() {
        String edit = """
                // ... existing code ...
                class B {
                    // ... existing code ...
                    void run(int times) {
                        b(times);
                    }
                    // ... existing code ...
                }
                """;
        assertEquals(TWO_CLASSES.replace("    void run() {\n        b();", "    void run(int times) {\n"
                + "        b(times);"), merged("Two.java", TWO_CLASSES, edit));
    }

    @Test
    void pythonNewMethodLandsAtTheEndOfItsClassWhenTheEditEndsInAMarker() {
        String original = """
                class Store:
                    def get(self, key):
                        return self.data[key]

                    def put(self, key, value):
                        self.data[key] = value


                def main():
                    pass
                """;
        String edit = """
                class Store:
                    # ... existing code ...

                    def delete(self, key):
                        del self.data[key]

                # ... existing code ...
                """;
        assertEquals(original.replace("        self.data[key] = value\n", "        self.data[key] = value\n\n"
                + "    def delete(self, key):\n        del self.data[key]\n"), merged("store.py", original, edit));
    }

    @Test
    void pythonCommentAtColumnZeroDoesNotEndTheClassBlock() {
        String original = "class Store:\n# note at column zero\n    def get(self):\n        return 1\n\n\nx = 1\n";
        String edit = "# ... existing code ...\nclass Store:\n    # ... existing code ...\n\n    def put(self):\n"
                + "        pass\n\n# ... existing code ...\n";
        assertEquals("class Store:\n# note at column zero\n    def get(self):\n        return 1\n\n    def put(self):\n"
                + "        pass\n\n\nx = 1\n", merged("store.py", original, edit));
    }

    @Test
    void pythonNewFunctionAfterAChangedBodyNeverTakesOverTheNextFunction() {
        String original = """
                @app.route("/items")
                def items():
                    data = load()
                    return jsonify(data)


                def load():
                    with open(PATH) as f:
                        return f.read()
                """;
        String edit = """
                # ... existing code ...
                def items():
                    data = load()
                    return jsonify(data[:10])


                def health():
                    return jsonify(healthy=True)

                # ... existing code ...
                """;
        assertEquals("""
                @app.route("/items")
                def items():
                    data = load()
                    return jsonify(data[:10])


                def health():
                    return jsonify(healthy=True)

                def load():
                    with open(PATH) as f:
                        return f.read()
                """, merged("app.py", original, edit));
    }

    @Test
    void pythonChangedDecoratorReplacesTheOldOneAndStaysWithItsFunction() {
        String original = """
                @app.get("/")
                def root():
                    return 1


                @app.get("/items")
                def items():
                    return []
                """;
        String edit = """
                # ... existing code ...

                @app.get("/items/all")
                def items():
                    return all_items()
                """;
        assertEquals(original.replace("@app.get(\"/items\")", "@app.get(\"/items/all\")")
                .replace("return []", "return all_items()"), merged("app.py", original, edit));
    }

    @Test
    void typescriptFunctionMatchedByNameWhenItsSignatureChanged() {
        String original = """
                export function area(s: Shape): number {
                  return s.w * s.h;
                }

                export function perimeter(s: Shape): number {
                  return 2 * (s.w + s.h);
                }
                """;
        String edit = """
                // ... existing code ...

                export function perimeter(s: Shape, scale: number): number {
                  return 2 * scale * (s.w + s.h);
                }
                """;
        assertEquals(original.replace("perimeter(s: Shape): number {\n  return 2 * (s.w + s.h);",
                "perimeter(s: Shape, scale: number): number {\n  return 2 * scale * (s.w + s.h);"),
                merged("shapes.ts", original, edit));
    }

    @Test
    void tsxMarkerInsideJsxKeepsTheElementsItStandsFor() {
        String original = """
                export function Page() {
                  return (
                    <div>
                      <h1>Title</h1>
                      <p>Body</p>
                      <Footer />
                    </div>
                  );
                }
                """;
        String edit = """
                export function Page() {
                  return (
                    <div>
                      <h1 className="big">Title</h1>
                      {/* ... existing code ... */}
                    </div>
                  );
                }
                """;
        assertEquals(original.replace("<h1>", "<h1 className=\"big\">"), merged("Page.tsx", original, edit));
    }

    @Test
    void javascriptNewMethodAtTheEndOfTheClassBeforeItsCloser() {
        String original = """
                class Counter {
                  inc() {
                    this.n++;
                    return this;
                  }
                }

                module.exports = Counter;
                """;
        String edit = """
                class Counter {
                  // ... existing code ...

                  dec() {
                    this.n--;
                    return this;
                  }
                }

                // ... existing code ...
                """;
        assertEquals(original.replace("    return this;\n  }\n}", "    return this;\n  }\n\n  dec() {\n"
                + "    this.n--;\n    return this;\n  }\n}"), merged("counter.js", original, edit));
    }

    @Test
    void goFunctionBodyRewrittenBetweenMarkers() {
        String original = """
                package main

                import "fmt"

                func greet(name string) string {
                	return "hi " + name
                }

                func main() {
                	fmt.Println(greet("go"))
                }
                """;
        String edit = """
                // ... existing code ...

                func greet(name string) string {
                	if name == "" {
                		name = "world"
                	}
                	return "hello " + name
                }

                // ... existing code ...
                """;
        assertEquals(original.replace("\treturn \"hi \" + name\n", "\tif name == \"\" {\n\t\tname = \"world\"\n"
                + "\t}\n\treturn \"hello \" + name\n"), merged("main.go", original, edit));
    }

    @Test
    void goRepeatedOpenerNextToAnAnchorTakesItsOwnClosingLine() {
        String original = """
                func load(path string) error {
                	if err != nil {
                		return err
                	}
                	return nil
                }

                func main() {
                	cfg, err := load("cfg")
                	if err != nil {
                		fmt.Println(err)
                		return
                	}
                	fmt.Println(cfg)
                }
                """;
        String edit = """
                // ... existing code ...
                func main() {
                	cfg, err := load("cfg")
                	if err != nil {
                		fmt.Fprintln(os.Stderr, err)
                		os.Exit(1)
                	}
                	// ... existing code ...
                }
                """;
        assertEquals(original.replace("\t\tfmt.Println(err)\n\t\treturn\n",
                "\t\tfmt.Fprintln(os.Stderr, err)\n\t\tos.Exit(1)\n"), merged("main.go", original, edit));
    }

    @Test
    void plainTextMergeInSqlHtmlAndLispCommentSyntax() {
        String sql = "select a,\n  b\nfrom t\nwhere x = 1\norder by a;\n";
        assertEquals("select a,\n  b\nfrom t\nwhere x = 2\norder by a;\n",
                merged("q.sql", sql, "-- ... existing code ...\nfrom t\nwhere x = 2\n-- ... existing code ...\n"));
        String html = "<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>\n";
        assertEquals("<ul>\n  <li>one</li>\n  <li>two</li>\n  <li>three</li>\n</ul>\n",
                merged("list.html", html, "<ul>\n  <!-- ... existing code ... -->\n  <li>three</li>\n</ul>\n"));
        String lisp = "(defun a ()\n  1)\n\n(defun b ()\n  2)\n";
        assertEquals("(defun a ()\n  1)\n\n(defun b ()\n  3)\n",
                merged("x.el", lisp, ";; ... existing code ...\n(defun b ()\n  3)\n"));
    }
}
