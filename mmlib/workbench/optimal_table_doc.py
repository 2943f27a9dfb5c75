"""docs/optimal_table.md, every optimum proven here, generated from data/optimal.csv.

Write it again after `optimal-table` has added rows (tests/test_docs.py fails while it is stale):

    python -m mmlib.workbench.optimal_table_doc            # rewrite docs/optimal_table.md
    python -m mmlib.workbench.optimal_table_doc --check    # exit 1 if it is stale, 0 if not
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core.files import REPOSITORY, write_atomically
from .tables import proven_optima_record

DOC = REPOSITORY / "docs" / "optimal_table.md"
# The games shown: notebook 8 shows the smaller ones too; the doc keeps to the games that are news.
MIN_CODEWORDS = 1296
REGENERATE = "python -m mmlib.workbench.optimal_table_doc"

INTRO = f"""# Every optimum proven here

<!-- Generated from data/optimal.csv by `{REGENERATE}`: do not edit by hand. -->

Every row of `data/optimal.csv` with objective `total` (no limit, or within the least max turns
where that is below the unlimited optimum's max) or `possible` (every guess one of the secrets
still possible), for the games of at least {MIN_CODEWORDS:,} codewords under every rule set;
notebook 8 shows the smaller games as well. How the search works: [optimal.md](optimal.md); how
each row was reached: [optimal_log.md](optimal_log.md).

- **source**: the published value beside ours (`optimal_table.PUBLISHED_OPTIMA`, from the sources
  of the project's reference notes, each named by author and year and listed in full under the
  table; `tests/test_optimal.py` fails if any differs but the one named below). "No published value
  found": none in those sources, so to our knowledge first published here. "fancidev 2012, run
  here": a second exact solver's total on this machine kind, not a publication.
- **seconds**: the one search that proved the row (every run of it, for a search resumed from a
  checkpoint), on the machine of the **machine** column with the version of the exact search in
  the **engine** column (data.md, "Provenance of every timing"; rows older than those columns
  were given them from the commit that added the row). Seconds of different engine versions do
  not compare: each is that proof's own history.
- Every row's tree is in `data/optimal_trees/` and passes `python -m mmlib verify` (a test replays
  each one).

"""

NOTES = """

The one published value not reproduced: Bulls and Cows (4p10c-norepeat) with guesses only from the
possible secrets, 26,374 in fancidev's tests against 26,688 here. The 26,374 is not this rule's
optimum: those tests run fancidev's `-po` option, which draws each guess from the secrets possible
one move earlier, a looser rule that admits more guesses (on 4p6c it gives 5,629, below the 5,660 of
this rule: a figure only the project's reference notes, `REFERENCE.md`, give, beside fancidev's
tests; it was not rerun here). A second exact search that shares no code with
mmlib confirms the 26,688 part by part (`scripts/independent_possible_check.c`,
`data/possible_guesses_check.csv`; see optimal.md).
"""


def document(csv_path: "str | Path | None" = None) -> str:
    """The text of docs/optimal_table.md for the table at `csv_path` (default data/optimal.csv)."""
    from ..studies.optimal_table import OPTIMAL_CSV, SOURCES, load_optimal

    frame = load_optimal(OPTIMAL_CSV if csv_path is None else csv_path, rules=None)
    sources = "\n".join(f"- **{key}**: {text}." for key, text in sorted(SOURCES.items()))
    return INTRO + proven_optima_record(frame, MIN_CODEWORDS).markdown() + NOTES + "\nSources:\n\n" + sources + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog=REGENERATE, description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether the file is up to date")
    args = parser.parse_args(argv)
    text = document()
    if args.check:
        current = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
        if current != text:
            print(f"{DOC.relative_to(REPOSITORY)} is stale: run {REGENERATE}", file=sys.stderr)
            return 1
        return 0
    write_atomically(DOC, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
