"""The docs stand alone: rules notes name tests that exist, links resolve, no outside refs."""

import ast
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RULES_DIR = os.path.join(ROOT, "docs", "rules")
GAMES_DIR = os.path.join(ROOT, "firmware", "pawtrack", "games")

# [`file.py::Class::test_name`](../../tests/core/file.py) or [`tests/host/x.py`](...)
TEST_REF = re.compile(r"\[`([^`]+\.py(?:::[A-Za-z_]\w*)*)`\]\(([^)\s]+)\)")
# Markdown links and images: [text](target) / ![alt](target)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def markdown_files():
    found = [os.path.join(ROOT, "README.md")]
    for top in ("docs", "hardware"):
        for folder, _dirs, names in os.walk(os.path.join(ROOT, top)):
            found.extend(os.path.join(folder, n) for n in sorted(names) if n.endswith(".md"))
    return found


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def rules_pages():
    return sorted(
        os.path.join(RULES_DIR, n) for n in os.listdir(RULES_DIR) if n.endswith(".md")
    )


def defined_tests(path):
    """{class name: {method names}} and the module-level test functions of a file."""
    tree = ast.parse(read(path))
    classes = {}
    functions = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            classes[node.name] = {
                item.name for item in node.body if isinstance(item, ast.FunctionDef)
            }
        elif isinstance(node, ast.FunctionDef):
            functions.add(node.name)
    return classes, functions


def test_every_test_named_in_the_rules_notes_exists():
    checked = 0
    for page in rules_pages():
        for text, target in TEST_REF.findall(read(page)):
            path = os.path.normpath(os.path.join(os.path.dirname(page), target))
            parts = text.split("::")
            where = "%s: %s" % (os.path.relpath(page, ROOT), text)
            assert os.path.isfile(path), where + " links to a missing file"
            assert os.path.basename(path) == os.path.basename(parts[0]), where
            if len(parts) == 1:
                continue
            classes, functions = defined_tests(path)
            if len(parts) == 2:
                assert parts[1] in functions or parts[1] in classes, where
            else:
                assert parts[2] in classes.get(parts[1], ()), where + " does not exist"
                assert parts[2].startswith("test"), where
            checked += 1
    assert checked > 100  # the pages cite their tests; a broken pattern finds nothing


def test_every_rule_bullet_says_where_it_comes_from():
    for name in ("mmm.md", "mouse_chaos.md", "chop.md", "mice_mystics.md"):
        text = read(os.path.join(RULES_DIR, name))
        assert text.count("*From:*") >= 15, name
        assert "rule text" in text and "project default" in text, name


def test_every_game_has_a_rules_page_in_the_index():
    index = read(os.path.join(RULES_DIR, "README.md"))
    for name in sorted(os.listdir(GAMES_DIR)):
        if not os.path.isfile(os.path.join(GAMES_DIR, name, "__init__.py")):
            continue
        page = name + ".md"
        assert os.path.isfile(os.path.join(RULES_DIR, page)), (
            "games/%s has no docs/rules/%s" % (name, page)
        )
        assert "(%s)" % page in index, "docs/rules/README.md does not list " + page


def anchors(path):
    """The anchors GitHub makes for the headings of a markdown file."""
    found = set()
    for line in read(path).split("\n"):
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


# Pages of the repository on GitHub, not files: from the README at the top, GitHub resolves
# ../../releases/latest to the repository's latest release.
GITHUB_PAGES = re.compile(r"\.\./\.\./(releases|actions)(/|$)")


def test_relative_links_in_the_docs_resolve():
    for path in markdown_files():
        for target in LINK.findall(read(path)):
            if re.match(r"[a-z]+:", target):
                continue
            if path.endswith(os.sep + "README.md") and os.path.dirname(path) == ROOT:
                if GITHUB_PAGES.match(target):
                    continue
            file_part, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part or path))
            where = "%s: link %s" % (os.path.relpath(path, ROOT), target)
            assert os.path.exists(resolved), where + " points at nothing"
            if anchor and resolved.endswith(".md"):
                assert anchor in anchors(resolved), where + " names no heading there"


def test_docs_and_firmware_name_nothing_outside_the_repository():
    outside = ("DESIGN.md", "RULES.md", "../shared")
    paths = markdown_files() + [os.path.join(ROOT, "LICENSE")]
    for top in ("firmware", "board_defs"):
        for folder, _dirs, names in os.walk(os.path.join(ROOT, top)):
            paths.extend(os.path.join(folder, n) for n in names if n.endswith(".py"))
    for path in paths:
        text = read(path)
        for word in outside:
            assert word not in text, "%s mentions %s" % (os.path.relpath(path, ROOT), word)


def test_the_readme_names_the_license():
    assert read(os.path.join(ROOT, "LICENSE")).startswith("MIT License")
    readme = read(os.path.join(ROOT, "README.md"))
    assert "[MIT](LICENSE)" in readme


def test_the_readme_links_the_latest_release_and_keeps_the_two_commands_near_the_top():
    readme = read(os.path.join(ROOT, "README.md"))
    assert "](../../releases/latest)" in readme
    first_screen = readme[: readme.index("\n## ")]
    assert "`make sim`" in first_screen and "`make test`" in first_screen
    assert "#for-developers-the-two-commands" in first_screen
    assert "for-developers-the-two-commands" in anchors(os.path.join(ROOT, "README.md"))
    headings = [line for line in readme.split("\n") if line.startswith("## ")]
    order = ["## Try it without a board", "## Install it on a Pico: drag one file",
             "## For makers: your own build", "## For contributors"]  # fmt: skip
    assert [h for h in headings if h in order] == order
