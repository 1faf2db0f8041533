"""The Python examples of README.md and docs/*.md, run and compared with
what they show (as crates/cli/tests/cli/docs_examples.rs does the console
ones): every ```python block holding ``>>>`` lines is a doctest, with the
times (``seconds=0.048``) masked, since they are the run's, not the
answer. A block opted out by ``<!-- examples: skip (reason) -->`` on the
line before its fence is not run."""

import doctest
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
VOLATILE = re.compile(r"\b(seconds|threads_used)=[0-9.e+-]+")


def blocks():
    docs = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    for doc in docs:
        lines = doc.read_text().splitlines()
        i = 0
        while i < len(lines):
            if lines[i].strip() == "```python":
                before = next((l for l in reversed(lines[:i]) if l.strip()), "")
                start = i
                i += 1
                body = []
                while i < len(lines) and not lines[i].startswith("```"):
                    body.append(lines[i])
                    i += 1
                if any(l.startswith(">>>") for l in body) and "examples: skip" not in before:
                    yield f"{doc.relative_to(ROOT)}:{start + 1}", "\n".join(body) + "\n"
            i += 1


class Masked(doctest.OutputChecker):
    def check_output(self, want, got, optionflags):
        return super().check_output(
            VOLATILE.sub(r"\1=*", want), VOLATILE.sub(r"\1=*", got), optionflags
        )


@pytest.mark.parametrize("place, text", list(blocks()))
def test_documented_python_example(place, text):
    test = doctest.DocTestParser().get_doctest(text, {}, place, place, 0)
    runner = doctest.DocTestRunner(checker=Masked(), optionflags=doctest.NORMALIZE_WHITESPACE)
    out = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)


def test_the_documents_hold_python_examples():
    assert len(list(blocks())) >= 1
