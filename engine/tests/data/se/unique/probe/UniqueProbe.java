// A development aid, not part of the library: runs Sukaku Explainer's own UniqueLoops and
// BivalueUniversalGrave, each on its own, on positions, for make_isolated.py.
//   javac -cp SukakuExplainer.jar UniqueProbe.java
//   java -cp SukakuExplainer.jar:. UniqueProbe < positions > probe_output
// positions: "values<TAB>marks" lines (fields 2-3 of the B lines of .ci/se_trace.sh traces).
// Output per line: SE's first hint of each rule, "name<TAB>tenths<TAB>eliminations" or "-",
// the two separated by "<TAB>|<TAB>".
import java.io.*;
import java.util.*;
import diuf.sudoku.*;
import diuf.sudoku.solver.*;
import diuf.sudoku.solver.rules.unique.*;

/** Reads "values<TAB>marks" lines; prints SE's first UniqueLoops hint and first BUG hint. */
public class UniqueProbe {
    static String describe(Hint h) {
        if (h == null) return "-";
        Rule r = (Rule) h;
        StringBuilder sb = new StringBuilder();
        sb.append(r.getName()).append('\t').append(Math.round(r.getDifficulty() * 10)).append('\t');
        Map<Cell, BitSet> rem = ((IndirectHint) h).getRemovablePotentials();
        int[] masks = new int[81];
        for (Map.Entry<Cell, BitSet> e : rem.entrySet()) {
            BitSet b = e.getValue();
            for (int v = b.nextSetBit(0); v >= 0; v = b.nextSetBit(v + 1)) masks[e.getKey().getIndex()] |= 1 << (v - 1);
        }
        boolean first = true;
        for (int c = 0; c < 81; c++) if (masks[c] != 0) {
            if (!first) sb.append(',');
            first = false;
            sb.append(c).append(':').append(String.format("%03x", masks[c]));
        }
        return sb.toString();
    }

    static Hint first(IndirectHintProducer p, Grid g) {
        SingleHintAccumulator accu = new SingleHintAccumulator();
        try { p.getHints(g, accu); } catch (InterruptedException e) {}
        return accu.getHint();
    }

    public static void main(String[] args) throws Exception {
        Settings.getInstance().Settings_Variants();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.split("\t");
            Grid g = new Grid();
            for (int c = 0; c < 81; c++) {
                char ch = f[0].charAt(c);
                int v = (ch >= '1' && ch <= '9') ? ch - '0' : 0;
                g.setCellValue(c, v);
                BitSet b = new BitSet(10);
                if (v == 0)
                    for (int d = 0; d < 9; d++) if (f[1].charAt(c * 9 + d) != '.') b.set(d + 1);
                g.setCellPotentialValues(c, b);
            }
            out.println(describe(first(new UniqueLoops(), g)) + "\t|\t" + describe(first(new BivalueUniversalGrave(), g)));
        }
        out.flush();
    }
}
