//! The strategy a player can follow (`parsheet_app::plans::PlayerStrategy`), in every view: the
//! rules as tables with their exact edge and cost beside them (terminal, Markdown, HTML), and
//! the complete strategy as CSV (`parsheet strategy GAME --format csv`, the report's
//! `csv/GAME-base-strategy-….csv`). Nothing is computed here: edges, costs and deals are the
//! record's.

use num_rational::BigRational;
use parsheet_app::main_game::StrategyRecord;
use parsheet_app::plans::{PlanReplay, PlayerStrategy, Replayed, RuleRecord};
use parsheet_paytable::fraction;

use crate::format::{csv_cell, esc, grouped, md, pct, probability};

/// The complete strategy, one decision class a row: `class,situation,action,deals`.
pub fn plan_csv(p: &PlayerStrategy) -> String {
    let mut out = String::from("class,situation,action,deals\n");
    for c in &p.classes {
        out += &format!("{},{},{},{}\n", csv_cell(&c.class), csv_cell(&c.situation), csv_cell(&c.action), c.deals.0);
    }
    out
}

/// The file name of a strategy's CSV in the report: `strategy-READING[-PAYTABLE]`.
pub fn csv_name(st: &StrategyRecord) -> String {
    let a = &st.analysis;
    match &a.paytable {
        Some(t) => format!("strategy-{}-{t}", a.reading),
        None => format!("strategy-{}", a.reading),
    }
}

fn share(right: &parsheet_app::Count, deals: &parsheet_app::Count) -> String {
    if deals.0 == 0 {
        return "—".into();
    }
    pct(&BigRational::new(right.0.into(), deals.0.into()), 2)
}

/// "house edge 3.4674% per Ante (exact p/q), element of risk …, cost 0.0406% per Ante".
fn figures_line(f: &Replayed) -> String {
    let cost = f.cost_per_ante.value();
    let cost = if *cost == BigRational::from_integer(0.into()) { "no cost: it plays as the optimal strategy".to_string() } else { format!("costs {} per Ante against optimal (exact {})", pct(cost, 4), fraction(cost)) };
    format!(
        "house edge {} per Ante (exact {}), {} per initial wager, element of risk {}; {cost}",
        pct(f.house_edge_per_ante.value(), 4),
        fraction(f.house_edge_per_ante.value()),
        pct(f.house_edge_per_initial_wager.value(), 4),
        pct(f.element_of_risk.value(), 4)
    )
}

/// Rows of a rule as cells: situation, action, share of its deals, share its action is right.
fn rule_cells(r: &RuleRecord, cycle: u128) -> Vec<[String; 4]> {
    r.rows
        .iter()
        .map(|x| [x.situation.clone(), x.action.clone(), probability(&BigRational::new(x.deals.0.into(), cycle.max(1).into())), share(&x.right, &x.deals)])
        .collect()
}

/// The 169 starting hands as Heads-Up's 13 × 13 chart lays them out: rows and columns by rank,
/// ace first; suited hands above the diagonal, offsuit below, pairs on it. Each row: its rank
/// and the hands' usual names.
pub(crate) fn starting_hands() -> Vec<(char, Vec<String>)> {
    let ranks: Vec<char> = "AKQJT98765432".chars().collect();
    let name = |i: usize, j: usize| match i.cmp(&j) {
        std::cmp::Ordering::Equal => format!("{}{}", ranks[i], ranks[j]),
        std::cmp::Ordering::Less => format!("{}{}s", ranks[i], ranks[j]),
        std::cmp::Ordering::Greater => format!("{}{}o", ranks[j], ranks[i]),
    };
    (0..ranks.len()).map(|i| (ranks[i], (0..ranks.len()).map(|j| name(i, j)).collect())).collect()
}

/// Heads-Up's pre-flop chart as the 13 × 13 grid ([`starting_hands`]), where every starting
/// hand has one row named as usual.
fn grid(r: &RuleRecord) -> Option<Vec<Vec<String>>> {
    if r.id != "preflop-grid" {
        return None;
    }
    starting_hands()
        .into_iter()
        .map(|(rank, hands)| {
            let mut row = vec![rank.to_string()];
            for name in hands {
                let x = r.rows.iter().find(|x| x.situation == name)?;
                // Short, so the 13 × 13 grid fits a page: "3x" raises three Antes, "–" checks.
                let play = if x.action == "check" { "–".to_string() } else { x.action.trim_start_matches("pre-flop-").trim_start_matches("raise-").to_string() };
                row.push(format!("{name} {play}"));
            }
            Some(row)
        })
        .collect()
}

const RULE_HEADER: [&str; 4] = ["Situation", "Play", "Probability", "Optimal play agrees"];

/// The terminal's section: each rule as a table, then the complete strategy's size.
pub fn text(p: &PlayerStrategy, cycle: u128) -> String {
    let mut out = String::from("\nStrategy a player can follow (exact replays of each rule over every deal)\n");
    out += &format!("complete strategy: {} decision classes (--format csv lists each with its action); {}\n", p.classes.len(), figures_line(&p.figures));
    if p.rules.is_empty() && p.classes.len() <= 40 {
        let width = p.classes.iter().map(|c| c.situation.chars().count()).max().unwrap_or(9);
        for c in &p.classes {
            out += &format!("  {:<width$}  {}\n", c.situation, c.action);
        }
    }
    for r in &p.rules {
        out += &format!("\n{} [{}]\n  {}\n", r.title, r.id, figures_line(&r.figures));
        if grid(r).is_some() {
            out += "  (the grid above)\n";
            continue;
        }
        let cells = rule_cells(r, cycle);
        let w0 = cells.iter().map(|c| c[0].chars().count()).chain([RULE_HEADER[0].len()]).max().unwrap_or(9);
        let w1 = cells.iter().map(|c| c[1].len()).chain([RULE_HEADER[1].len()]).max().unwrap_or(4);
        out += &format!("  {:<w0$}  {:<w1$}  {:>12}  {:>19}\n", RULE_HEADER[0], RULE_HEADER[1], RULE_HEADER[2], RULE_HEADER[3]);
        for c in cells {
            out += &format!("  {:<w0$}  {:<w1$}  {:>12}  {:>19}\n", c[0], c[1], c[2], c[3]);
        }
        out += &format!("  {}\n", r.note);
    }
    out
}

/// The Markdown section; `csv` the report's file of the complete strategy, where one lies
/// beside the document.
pub fn markdown(p: &PlayerStrategy, cycle: u128, csv: Option<&str>) -> String {
    let file = csv.map_or(String::new(), |c| format!(" (`{}`)", md(c)));
    let mut out = format!("\n##### Strategy a player can follow\n\nComplete strategy: {} decision classes, each with its action{file}; {}.\n", p.classes.len(), md(&figures_line(&p.figures)));
    for r in &p.rules {
        out += &format!("\n**{}**: {}.\n\n| {} |\n|:---|:---|---:|---:|\n", md(&r.title), md(&figures_line(&r.figures)), RULE_HEADER.join(" | "));
        for c in rule_cells(r, cycle) {
            out += &format!("| {} |\n", c.iter().map(|x| md(x)).collect::<Vec<_>>().join(" | "));
        }
        out += &format!("\n{}\n", md(&r.note));
    }
    out
}

fn html_rows<const N: usize>(header: [&str; N], rows: impl Iterator<Item = [String; N]>) -> String {
    let mut out = String::from("<div class=\"wide\"><table><thead><tr>");
    for h in header {
        out += &format!("<th>{}</th>", esc(h));
    }
    out += "</tr></thead><tbody>";
    for r in rows {
        out += "<tr>";
        for c in r {
            out += &format!("<td>{}</td>", esc(&c));
        }
        out += "</tr>";
    }
    out + "</tbody></table></div>"
}

/// The HTML section of a strategy page: the rules, each with its figures, the complete
/// strategy (linked as CSV; listed where short) and the outcomes by hand.
pub fn html(st: &StrategyRecord, csv_href: &str) -> String {
    let Some(p) = &st.player else { return String::new() };
    let cycle = st.analysis.cycle.0;
    let mut out = String::from("<h3 id=\"follow\">Strategy a player can follow</h3>");
    out += &format!(
        "<p>Every figure below is an exact replay: the rule is played over all {} deals, counted in integers. The complete strategy has {} decision classes, each with one action (<a href=\"{}\">CSV</a>); {}.</p>",
        esc(&grouped(&cycle.to_string())),
        esc(&grouped(&p.classes.len().to_string())),
        esc(csv_href),
        esc(&figures_line(&p.figures))
    );
    for r in &p.rules {
        out += &format!("<h4>{}</h4><p>{}.</p>", esc(&r.title), esc(&figures_line(&r.figures)));
        match grid(r) {
            Some(g) => {
                let header: [&str; 14] = ["", "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
                out += &html_rows(header, g.into_iter().map(|row| <[String; 14]>::try_from(row).expect("14 cells"))).replacen("<table>", "<table class=\"grid\">", 1);
                out += "<p class=\"note\">Suited hands above the diagonal, offsuit below; 3x: raise three times the Ante before the flop; –: check.</p>";
            }
            None => out += &html_rows(RULE_HEADER, rule_cells(r, cycle).into_iter()),
        }
        out += &format!("<p class=\"note\">{}</p>", esc(&r.note));
    }
    if p.rules.is_empty() && p.classes.len() <= 200 {
        out += "<h4>The complete strategy</h4>";
        out += &html_rows(["Class", "Situation", "Play", "Probability"], p.classes.iter().map(|c| [c.class.clone(), c.situation.clone(), c.action.clone(), probability(&BigRational::new(c.deals.0.into(), cycle.max(1).into()))]));
    }
    if !p.by_hand.is_empty() {
        out += "<h4>Outcomes by player hand under the optimal strategy</h4>";
        out += &html_rows(
            ["Player hand", "Deals", "Probability", "Return per Ante"],
            p.by_hand.iter().map(|h| [h.hand.clone(), grouped(&h.deals.0.to_string()), probability(h.probability.value()), crate::format::per_unit(h.contribution.value())]),
        );
    }
    out
}

/// `parsheet strategy GAME --replay FILE`.
pub fn replay_text(r: &PlanReplay, file: &str) -> String {
    let table = r.paytable.as_deref().map_or(String::new(), |t| format!(", paytable {t}"));
    format!(
        "{file}: {} decision classes, played over all {} deals of {} (reading {}{table}):\n{}\n",
        r.classes,
        grouped(&r.cycle.0.to_string()),
        r.game,
        r.reading,
        figures_line(&r.figures)
    )
}
