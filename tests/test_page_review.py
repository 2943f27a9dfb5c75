"""scripts/page_review.py without a browser: how it cuts a page into slices, which positions and
options it shows, and the arguments it refuses (one line, exit status 2, nothing written)."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import page_review  # noqa: E402 (scripts/ is not a package)


def test_slices_cover_the_range_in_order_without_overlap():
    assert page_review.slices(0, 3500, 1600) == [(0, 1600), (1600, 3200), (3200, 3500)]
    assert page_review.slices(100, 1700, 1600) == [(100, 1700)]
    assert page_review.slices(0, 0, 1600) == []


def test_slider_positions_are_minimum_maximum_and_middle_once_each():
    assert page_review.slider_positions(2, 8) == [2, 8, 5]
    assert page_review.slider_positions(3, 4) == [3, 4]
    assert page_review.slider_positions(6, 6) == [6]


def test_a_long_menu_shows_its_first_last_and_two_between():
    assert page_review.spread(list("abcdefghij")) == ["a", "d", "g", "j"]
    assert page_review.spread(["knuth", "entropy"]) == ["knuth", "entropy"]


def test_notebooks_are_named_by_file_path_or_number():
    everything = page_review.resolve_notebooks([])
    assert everything and all(name.endswith(".ipynb") for name in everything)
    first = everything[0]
    number = first.split("_")[0]
    assert page_review.resolve_notebooks([number, f"notebooks/{first}", Path(first).stem]) == [first]


@pytest.mark.parametrize("arguments, message", [
    (["99"], "no notebook '99'"),
    (["--out", str(ROOT / "shots")], "inside the repository"),
    (["--slice-height", "100", "--out", "/tmp/page-review-test-unused"], "--slice-height"),
])
def test_bad_arguments_give_one_line_and_status_2(arguments, message, capsys):
    assert page_review.main(arguments) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert not (ROOT / "shots").exists() and not Path("/tmp/page-review-test-unused").exists()
