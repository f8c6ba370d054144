//! Pays print in the regulation's words: every pay cell of `tables/` (as transcribed, read here
//! straight from the JSON text) prints back as exactly the same words, and those words parse
//! back to the same pay; a table written by `explore --write` keeps them, and the printed hands.

use parsheet_paytable::Pay;
use serde_json::Value;

fn table_files() -> Vec<(String, Value)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tables");
    let mut out: Vec<(String, Value)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| (p.display().to_string(), serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap()))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn every_pay_in_the_tables_prints_as_transcribed_and_parses_back() {
    let mut seen = 0;
    let mut dollars_and_cents = false;
    for (file, doc) in table_files() {
        for w in doc["wagers"].as_array().unwrap() {
            for p in w["paytables"].as_array().unwrap() {
                for l in p["lines"].as_array().unwrap() {
                    let cells = [l.get("pays"), l.get("envy")];
                    for text in cells.into_iter().flatten().map(|v| v.as_str().unwrap()) {
                        let pay: Pay = text.parse().unwrap_or_else(|e| panic!("{file}: {e}"));
                        assert_eq!(pay.to_string(), text, "{file} {} {}: printed differently from the table", w["id"], l["outcome"]);
                        assert_eq!(pay.to_string().parse::<Pay>().unwrap(), pay);
                        seen += 1;
                        dollars_and_cents |= text == "$7.50";
                    }
                }
            }
        }
    }
    // Every paytable of the six chapters, with "$7.50" (688a.12(d)) among them.
    assert!(seen > 400 && dollars_and_cents, "{seen} pays");
}

#[test]
fn fractional_pays_print_in_words() {
    // 688a.12(d) prints "$7.50"; a share such as "12.5% of meter" is printed the same way.
    for text in ["$7.50", "12.5% of meter", "$5000/12.5% of meter", "3 to 2", "1 to 2"] {
        assert_eq!(text.parse::<Pay>().unwrap().to_string(), text);
    }
}

#[test]
fn a_written_table_keeps_the_printed_pays_and_hands() {
    for g in parsheet_tables::builtin().unwrap() {
        for w in &g.wagers {
            for p in &w.paytables {
                let text = parsheet_tables::single_paytable_file(&g, w, &p.table, "round trip");
                let back = parsheet_tables::parse("written.json", &text).unwrap_or_else(|e| panic!("{} {} {}: {e}", g.game, w.id, p.table.id));
                let q = &back.wagers[0].paytables[0];
                for (a, b) in p.table.lines.iter().zip(&q.table.lines) {
                    assert_eq!((&a.outcome, &a.pay, a.pay.to_string()), (&b.outcome, &b.pay, b.pay.to_string()));
                    assert_eq!(p.hand(&a.outcome), q.hand(&b.outcome), "{} {} {}", g.game, w.id, a.outcome);
                }
            }
        }
    }
}
