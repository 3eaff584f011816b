#!/usr/bin/env bash
# Writes the reference rater's step-by-step trace of the puzzles on standard input (or in the
# files named), for `cargo run --release -p sudoku-engine --example se_trace`:
#   S<TAB>puzzle                       a puzzle starts
#   B<TAB>values(81)<TAB>marks(729)    the position before a step
#   A<TAB>difficulty<TAB>description   the step SE took
#   F<TAB>puzzle<TAB>ER/EP/ED<TAB>rule  the puzzle's ratings
# Needs a Java runtime and the reference jar: SE_JAR (default: ../shared/tools/sukaku-explainer/
# SukakuExplainer.jar beside this checkout). A development and CI aid; no test needs it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${SE_JAR:-$here/../../shared/tools/sukaku-explainer/SukakuExplainer.jar}
[ -f "$jar" ] || { echo "se_trace.sh: no reference jar at $jar (set SE_JAR)" >&2; exit 1; }
prefs=${TMPDIR:-/tmp}/sukaku-explainer-prefs
mkdir -p "$prefs"
cat "$@" | java -Xmx1g -Djava.awt.headless=true -Djava.util.prefs.userRoot="$prefs" \
  -cp "$jar" diuf.sudoku.test.serate --start='S%t%g' --before='B%t%i%t%m' --after='A%t%r%t%s' \
  --format='F%t%g%t%r/%p/%d%t%R' --input=-
