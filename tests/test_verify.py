"""`verify`: strategy trees checked without the solver; good trees pass, corrupted ones fail.

Cost: about 6 s of CPU (four 4p6c reference solves, one subprocess).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import mmlib.core.next_guess
import mmlib.core.scoring
import mmlib.core.solver_reference
from mmlib.cli import main
from mmlib.core.verify import TreeDefect, TreeFormatError, verify_tree

ROOT = Path(__file__).resolve().parent.parent
STRATEGIES = ["knuth", "expected-size", "entropy", "most-parts"]


@pytest.fixture(scope="module")
def tree_files(tmp_path_factory):
    """The 4p6c trees of all four strategies, written by `solve --tree` (reference backend)."""
    folder = tmp_path_factory.mktemp("trees")
    files = {}
    for strategy in STRATEGIES:
        files[strategy] = folder / f"{strategy}.json"
        status = main(["solve", "4p6c", "--strategy", strategy, "--backend", "reference",
                       "--first-guess", "1122", "--tree", str(files[strategy])])
        assert status == 0
    return files


@pytest.fixture
def knuth_tree(tree_files):
    return json.loads(tree_files["knuth"].read_text())


def verify_data(data, tmp_path, capsys):
    """Run `verify` on `data` written to a file; (exit status, stdout, stderr)."""
    path = tmp_path / "tree.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    status = main(["verify", str(path)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_the_trees_of_all_four_strategies_pass(strategy, tree_files, capsys):
    assert main(["verify", str(tree_files[strategy])]) == 0
    out = capsys.readouterr().out
    data = json.loads(tree_files[strategy].read_text())
    hist = ", ".join(str(data["turn_histogram"][str(t)]) for t in range(1, data["max_turns"] + 1))
    assert out == (f"OK: 4p6c {strategy} tree from 1122: all 1,296 secrets won in "
                   f"{verify_tree(data).nodes:,} nodes; total turns {data['total_turns']:,}, "
                   f"max {data['max_turns']}, histogram {hist}\n")


def test_knuths_figures_are_recomputed(knuth_tree):
    report = verify_tree(knuth_tree)
    assert (report.total_turns, report.max_turns, report.histogram) == (5801, 5, [1, 6, 62, 533, 694])


def test_a_real_process_accepts_and_rejects(tree_files, tmp_path):
    bad = json.loads(tree_files["knuth"].read_text())
    bad["total_turns"] = 5800
    bad_file = tmp_path / "bad.json"
    bad_file.write_text(json.dumps(bad))
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from mmlib.cli import main; "
         "sys.exit(10 * main(['verify', sys.argv[1]]) + main(['verify', sys.argv[2]]))",
         str(tree_files["knuth"]), str(bad_file)],
        capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 1  # 10 * 0 + 1
    assert done.stdout.startswith("OK: 4p6c knuth")
    assert done.stderr == "invalid strategy tree: total_turns says 5800, recomputed 5801\n"


def test_a_hand_written_tree_passes_too(tmp_path, capsys):
    """2p2c: 11 wins at once; 22 scores 0,0; 12 and 21 score 1,0 and are told apart by 12."""
    tree = {"game": "2p2c", "total_turns": 8, "max_turns": 3,
            "turn_histogram": {"1": 1, "2": 2, "3": 1}, "average_turns": 2.0,
            "tree": {"guess": "11", "games": 4, "next": {
                "0,0": {"guess": "22", "games": 1},
                "1,0": {"guess": "12", "games": 2, "next": {"0,2": {"guess": "21", "games": 1}}}}}}
    status, out, _err = verify_data(tree, tmp_path, capsys)
    assert status == 0 and out.startswith("OK: 2p2c tree from 11")


def test_the_verifier_never_calls_the_solver_or_the_packed_kernels(knuth_tree, monkeypatch):
    def forbidden(*_args, **_kwargs):
        raise AssertionError("verify must not use the solver's code path")

    for module, name in [(mmlib.core.scoring, "score_ordinals"), (mmlib.core.scoring, "score_pairs"),
                         (mmlib.core.scoring, "score_matrix_reference"), (mmlib.core.scoring, "packed_score"),
                         (sys.modules["mmlib.core.solve"], "solve"), (mmlib.core.solver_reference, "solve_reference"),
                         (mmlib.core.next_guess, "choose_next_guess")]:
        monkeypatch.setattr(module, name, forbidden)
    assert verify_tree(knuth_tree).total_turns == 5801


# -- corrupted trees: each is rejected with exit status 1 and a one-line reason ------------


def node_at(tree, *keys):
    node = tree["tree"]
    for key in keys:
        node = node["next"][key]
    return node


def first_leaf_path(tree, want_depth):
    """Keys to the first node (file order) at `want_depth` below the root that has no branches."""
    def search(node, path):
        if len(path) == want_depth and "next" not in node:
            return path
        for key, child in node.get("next", {}).items():
            found = search(child, path + [key])
            if found:
                return found
        return None
    return search(tree["tree"], [])


def change_a_guess(t):
    node_at(t, "1,0")["guess"] = "6543"


def delete_a_subtree(t):
    del t["tree"]["next"]["0,0"]


def delete_a_deep_subtree(t):
    path = first_leaf_path(t, 3)
    del node_at(t, *path[:-1])["next"][path[-1]]


def node_with_a_score_missing(t):
    """The first node (file order) with branches that lacks some possible non-winning score, and that score."""
    scores = [f"{b},{w}" for b in range(4) for w in range(5 - b) if (b, w) != (3, 1)]
    stack = [t["tree"]]
    while stack:
        node = stack.pop()
        if "next" in node:
            missing = [k for k in scores if k not in node["next"]]
            if missing:
                return node, missing[0]
            stack.extend(reversed(list(node["next"].values())))
    raise AssertionError("every node lists every score")


def alter_a_score_key(t):
    node, missing = node_with_a_score_missing(t)
    key = next(iter(node["next"]))
    node["next"][missing] = node["next"].pop(key)


def swap_two_subtrees(t):
    branches = t["tree"]["next"]
    branches["0,1"], branches["0,2"] = branches["0,2"], branches["0,1"]


def wrong_total(t):
    t["total_turns"] -= 1


def wrong_max(t):
    t["max_turns"] = 6


def wrong_histogram(t):
    t["turn_histogram"]["4"] += 1
    t["turn_histogram"]["5"] -= 1


def histogram_with_an_extra_turn(t):
    t["turn_histogram"]["6"] = 1


def wrong_average(t):
    t["average_turns"] = 4.5


def wrong_game_fewer_colors(t):
    t["game"], t["colors"] = "4p5c", 5


def wrong_game_more_colors(t):
    t["game"], t["colors"] = "4p7c", 7


def wrong_game_name_only(t):
    t["game"] = "4p5c"


def pins_disagree(t):
    t["pins"] = 5


def repeated_guess_never_wins(t):
    path = first_leaf_path(t, 3)
    parent = node_at(t, *path[:-1])
    node_at(t, *path)["guess"] = parent["guess"]


def repeated_guess_again_and_again(t):
    node = node_at(t, "1,0")
    node["guess"] = "1122"
    node["next"] = {"1,0": {"guess": "1122", "games": node["games"]}}


def leaf_guess_misses(t):
    path = first_leaf_path(t, 4)
    leaf = node_at(t, *path)
    leaf["guess"] = "6666" if leaf["guess"] != "6666" else "5555"


def wrong_games_count(t):
    node_at(t, "1,1")["games"] += 1


def a_win_listed_as_a_branch(t):
    node_at(t, "0,0")["next"]["4,0"] = {"guess": "3333", "games": 1}


def a_branch_that_is_no_score(t):
    t["tree"]["next"]["9,9"] = {"guess": "3333", "games": 1}


def the_impossible_score_as_a_branch(t):
    t["tree"]["next"]["3,1"] = {"guess": "3333", "games": 1}


def a_guess_that_is_no_codeword(t):
    node_at(t, "0,1")["guess"] = "1127"


def a_first_guess_that_is_not_the_root(t):
    t["first_guess"] = "1123"


def an_extra_phantom_branch(t):
    node, missing = node_with_a_score_missing(t)
    node["next"][missing] = {"guess": "1111", "games": 0}


CORRUPTIONS = [
    (change_a_guess, r"never won|not the true score"),
    (delete_a_subtree, r"^secret 3333 is never won: guess 1122 at the root scores 0,0 and the tree has no branch 0,0"),
    (delete_a_deep_subtree, r"is never won: guess \d{4} after 1122=\d,\d \d{4}=\d,\d scores"),
    (alter_a_score_key, r"never won"),
    (swap_two_subtrees, r"says \d+ games, but \d+ secrets reach it"),
    (wrong_total, r"^total_turns says 5800, recomputed 5801$"),
    (wrong_max, r"^max_turns says 6, recomputed 5$"),
    (wrong_histogram, r"^turn_histogram says 534 games won in 4 turns, recomputed 533$"),
    (histogram_with_an_extra_turn, r"^turn_histogram says 1 games won in 6 turns, recomputed 0$"),
    (wrong_average, r"^average_turns says 4.5, recomputed 4.476080$"),
    (wrong_game_fewer_colors, r"node 1122 at the root says 1296 games, but 625 secrets reach it"),
    (wrong_game_more_colors, r"node 1122 at the root says 1296 games, but 2401 secrets reach it"),
    (wrong_game_name_only, r"^colors says 6 but game 4p5c has 5$"),
    (pins_disagree, r"pins says 5 but game 4p6c has 4"),
    (repeated_guess_never_wins, r"never won"),
    (repeated_guess_again_and_again, r"^secret \d{4} is never won: guess 1122 after 1122=1,0 1122=1,0 scores 1,0"),
    (leaf_guess_misses, r"never won"),
    (wrong_games_count, r"after 1122=1,1 says \d+ games, but \d+ secrets reach it"),
    (a_win_listed_as_a_branch, r"has a branch 4,0, but that score wins the game"),
    (a_branch_that_is_no_score, r"has a branch '9,9', not a score of 4p6c"),
    (the_impossible_score_as_a_branch, r"has a branch '3,1', not a score of 4p6c"),
    (a_guess_that_is_no_codeword, r"the guess '1127' after 1122=0,1 is not a codeword of 4p6c"),
    (a_first_guess_that_is_not_the_root, r"first_guess says '1123' but the tree starts with 1122"),
    (an_extra_phantom_branch, r"branch \d,\d is not the true score of any secret that reaches it"),
]


@pytest.mark.parametrize("corrupt, reason", CORRUPTIONS, ids=[c.__name__ for c, _ in CORRUPTIONS])
def test_corrupted_trees_are_rejected_with_the_first_defect(corrupt, reason, knuth_tree, tmp_path, capsys):
    import re

    corrupt(knuth_tree)
    status, out, err = verify_data(knuth_tree, tmp_path, capsys)
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("invalid strategy tree: ")
    assert re.search(reason, err.removeprefix("invalid strategy tree: ").rstrip("\n")), err
    with pytest.raises(TreeDefect):
        verify_tree(knuth_tree)


# -- unreadable input: exit status 2 -----------------------------------------------------


@pytest.mark.parametrize("text, message", [
    ("{", "is not JSON"),
    ("[1, 2]", "one JSON object"),
    ('{"game": "4p6c"}', "has no 'total_turns', 'max_turns', 'turn_histogram', 'tree'"),
    ('{"game": "4x6", "total_turns": 1, "max_turns": 1, "turn_histogram": {}, "tree": {}}', "unreadable game"),
    ('{"game": "2p2c", "total_turns": 1, "max_turns": 1, "turn_histogram": {}, "tree": {"games": 4}}',
     "the node at the root has no guess string"),
    ('{"game": "2p2c", "total_turns": 1, "max_turns": 1, "turn_histogram": {}, '
     '"tree": {"guess": "11", "next": {"0,0": 7, "1,0": {"guess": "12"}}}}', "the node after 11=0,0 is not an object"),
    ('{"game": "2p2c", "total_turns": 1, "max_turns": 1, "turn_histogram": {}, '
     '"tree": {"guess": "11", "next": []}}', "'next' that is not an object"),
])
def test_unreadable_input_is_exit_2(text, message, tmp_path, capsys):
    status, out, err = verify_data(text, tmp_path, capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err
    if text.startswith("{") and len(text) > 1:
        with pytest.raises(TreeFormatError):
            verify_tree(json.loads(text))


def test_a_missing_file_is_exit_2(tmp_path, capsys):
    assert main(["verify", str(tmp_path / "nothing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_tree_that_says_its_guesses_are_possible_is_held_to_it(knuth_tree, tree_files, tmp_path, capsys):
    """`"possible_guesses": true` (written by optimal --possible-guesses), or verify --possible-guesses:
    every guess must be one of the secrets that reach its node."""
    from mmlib.core.optimal import optimal

    restricted = optimal("4p4c", possible_guesses=True, workers=1).tree_json()
    assert restricted["possible_guesses"] is True
    status, out, err = verify_data(restricted, tmp_path, capsys)
    assert status == 0 and not err
    assert out.endswith("; every guess a secret still possible\n") and "total turns 908" in out
    report = verify_tree(restricted)
    assert report.guesses_all_possible and report.possible_guesses_required

    # Knuth's 4p6c tree plays guesses that are no longer possible (its 5th turn needs them).
    assert not verify_tree(knuth_tree).guesses_all_possible
    assert main(["verify", str(tree_files["knuth"])]) == 0
    assert "still possible" not in capsys.readouterr().out
    assert main(["verify", str(tree_files["knuth"]), "--possible-guesses"]) == 1
    err = capsys.readouterr().err
    assert "is not one of the" in err and "secrets still possible there" in err and len(err.splitlines()) == 1
    status, _out, err = verify_data({**knuth_tree, "possible_guesses": True}, tmp_path, capsys)
    assert status == 1 and err.startswith("invalid strategy tree: the tree file says every guess is a secret")
    status, _out, err = verify_data({**knuth_tree, "possible_guesses": "yes"}, tmp_path, capsys)
    assert status == 2 and "possible_guesses says 'yes', neither true nor false" in err


def test_gzipped_trees_are_read_and_written(knuth_tree, tmp_path, capsys, monkeypatch):
    """data/optimal_trees/ keeps its trees gzipped: verify reads them as they are, and --tree FILE.gz
    writes one; a gzip file cut short, or one that unpacks past the limit, is one line."""
    import gzip

    import mmlib.core.verify as verify_module

    packed = tmp_path / "knuth.json.gz"
    packed.write_bytes(gzip.compress(json.dumps(knuth_tree).encode()))
    assert main(["verify", str(packed)]) == 0
    assert capsys.readouterr().out.startswith("OK: 4p6c knuth tree from 1122")

    written = tmp_path / "3p3c.json.gz"
    assert main(["optimal", "3p3c", "--tree", str(written)]) == 0
    assert json.loads(gzip.decompress(written.read_bytes()))["total_turns"] == 73
    assert main(["verify", str(written)]) == 0
    capsys.readouterr()

    cut = tmp_path / "cut.json.gz"
    cut.write_bytes(packed.read_bytes()[:200])
    assert main(["verify", str(cut)]) == 2
    err = capsys.readouterr().err
    assert "is a gzip file cut short" in err and len(err.strip().splitlines()) == 1
    monkeypatch.setattr(verify_module, "MAX_TREE_FILE_BYTES", 10_000)  # the Knuth tree unpacks to more
    assert main(["verify", str(packed)]) == 2
    err = capsys.readouterr().err
    assert "unpacks to more than" in err and len(err.strip().splitlines()) == 1
