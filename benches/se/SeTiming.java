// Times the reference rater (Sukaku Explainer 1.15.10's jar) puzzle by puzzle, for
// benches/rate.rs. Our own harness calling the jar's classes; never part of the library.
//
//   java -cp SukakuExplainer.jar:DIR SeTiming [WARM_PASSES]
//
// Sets the rater up as serate (the jar's command line, which rate.sh runs) does with no
// options. Standard input: the sample, 81-character puzzles one a line (anything after them is
// ignored), ended by an empty line. It rates the sample WARM_PASSES times (default 1) untimed to
// warm the JVM and prints "warm N". Then it reads puzzles one a line until the end of its input,
// rating each as it comes and timing it with System.nanoTime() (serate's own %e has 10 ms
// steps), and prints a line for each:
//
//   puzzle<TAB>ER tenths<TAB>EP tenths<TAB>ED tenths<TAB>nanoseconds<TAB>hardest rule
//
// (one at a time, so that the bench can time its own rater on the same puzzle under the same
// machine conditions). The time covers what serate does per puzzle: the grid from the text, its
// candidates, the Solver and getDifficulty() (serate's loop without its output formatting).

import diuf.sudoku.Grid;
import diuf.sudoku.Settings;
import diuf.sudoku.solver.Solver;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

public class SeTiming {
    static Solver rate(String puzzle) {
        Grid grid = new Grid();
        grid.fromString(puzzle);
        grid.adjustPencilmarks();
        Solver solver = new Solver(grid);
        solver.want = 0;
        solver.rebuildPotentialValues();
        solver.getDifficulty();
        return solver;
    }

    // SE's rounding of a rating to tenths (as serate prints it).
    static int tenths(double rating) {
        return (int) ((rating + 0.05) * 10);
    }

    public static void main(String[] args) throws Exception {
        int warm = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        // serate's settings with no options: one thread, the default (non-variant) rules.
        Settings.getInstance().setNumThreads(1);
        Settings.getInstance().Settings_Variants();

        List<String> puzzles = new ArrayList<>();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null && !line.isEmpty(); ) {
            if (line.length() >= 81 && !line.startsWith("#")) {
                puzzles.add(line.substring(0, 81));
            }
        }
        for (int pass = 0; pass < warm; pass++) {
            int done = 0;
            for (String p : puzzles) {
                rate(p);
                done++;
                if (done % 200 == 0) {
                    System.err.println("SeTiming: warm-up pass " + (pass + 1) + ": " + done + "/" + puzzles.size());
                }
            }
        }
        PrintWriter out = new PrintWriter(System.out, true);
        out.println("warm " + puzzles.size());
        for (String line; (line = in.readLine()) != null; ) {
            if (line.length() < 81) {
                continue;
            }
            String p = line.substring(0, 81);
            long t0 = System.nanoTime();
            Solver s = rate(p);
            long ns = System.nanoTime() - t0;
            out.println(p + "\t" + tenths(s.difficulty) + "\t" + tenths(s.pearl) + "\t"
                    + tenths(s.diamond) + "\t" + ns + "\t" + s.ERtN);
        }
    }
}
