//! A wager × paytable × reading, analysed: the question of `parsheet analyze GAME WAGER`, of
//! every PAR sheet of the report and of every side-bet row of `verify`.

use num_rational::BigRational;
use parsheet_paytable::{analyze as exact, Analysis, OutcomeCounts};
use parsheet_tables::{GameTables, PaytableEntry, WagerTables};
use schemars::JsonSchema;
use serde::Serialize;

use crate::pays::Changed;
use crate::progressive::{self, Assume, ProgressiveAnalysis};
use crate::vocab::{Assumption, Basis, Count, Exact, Figure, Figures};

/// One outcome of a wager under a paytable.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Outcome {
    pub outcome: String,
    /// The hand as the paytable prints it, where it prints one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<String>,
    /// The pay as printed (`8 to 1`, `Push`, `10% of meter`), `loses` for no line.
    pub pays: String,
    pub combinations: Count,
    pub probability: Exact,
    /// The outcome's share of the expected net per unit wagered; for a meter or dollar wager,
    /// of the fixed return (the model's `fixed_return`).
    #[serde(rename = "return")]
    pub contribution: Exact,
}

/// A wager under one paytable and reading, with every assumption it rests on.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct WagerAnalysis {
    pub game: String,
    pub wager: String,
    pub paytable: String,
    pub reading: Option<String>,
    pub assumptions: Vec<Assumption>,
    /// Lines `--pays` changed in the paytable it started from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changed_lines: Vec<Changed>,
    /// Deals counted: every outcome's combinations add up to it.
    pub cycle: Count,
    #[serde(flatten)]
    pub figures: Figures,
    /// The chance of winning something (net > 0); null for a meter or dollar wager.
    pub hit_frequency: Option<Exact>,
    /// Variance of the net per unit wagered; null for a meter or dollar wager.
    pub variance: Option<Exact>,
    /// Its square root, for display (irrational in general).
    pub standard_deviation: Option<String>,
    pub outcomes: Vec<Outcome>,
    /// The progressive model, for a paytable with meter or dollar pays or an Envy column.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub progressive: Option<ProgressiveAnalysis>,
}



/// Where `game wager` is in `games`.
pub fn tables_of<'a>(games: &'a [GameTables], game: &str, wager: &str) -> Result<&'a WagerTables, String> {
    crate::inputs::select_wager(games, game, wager)
}

/// Analyses `game wager` under paytable `paytable` (the only one when `None`) and the reading
/// `variant` (the default when `None`), with `assume` for a meter, dollar or Envy table.
pub fn analyze(games: &[GameTables], game: &str, wager: &str, paytable: Option<&str>, variant: Option<&str>, assume: &Assume) -> Result<WagerAnalysis, String> {
    let known = parsheet_games::find(game, wager)?;
    known.reading(variant)?;
    let entry = crate::inputs::select(games, game, wager, paytable)?;
    let w = tables_of(games, game, wager)?;
    let (reading, said) = crate::inputs::reading_of(w, entry, known, variant);
    let counts = known.count(reading.as_deref())?;
    of_counts(w, entry, reading, said, &counts, assume, game)
}

/// The analysis of paytable `entry` of `w` over `counts` (already counted under `reading`).
pub fn of_counts(w: &WagerTables, entry: &PaytableEntry, reading: Option<String>, mut said: Vec<Assumption>, counts: &OutcomeCounts, assume: &Assume, game: &str) -> Result<WagerAnalysis, String> {
    let head = |figures, outcomes, said| WagerAnalysis {
        game: game.to_string(),
        wager: w.id.clone(),
        paytable: entry.table.id.clone(),
        reading: reading.clone(),
        assumptions: said,
        changed_lines: crate::pays::changed_records(&entry.changed),
        cycle: Count(counts.cycle()),
        figures,
        hit_frequency: None,
        variance: None,
        standard_deviation: None,
        outcomes,
        progressive: None,
    };
    let hand = |o: &str| entry.hand(o).map(str::to_string);
    if progressive::needs_model(entry) {
        let (m, model_said) = progressive::model_of(counts, w, entry, assume)?;
        said.extend(model_said);
        let record = progressive::record(game, &w.id, &entry.table.id, reading.clone(), said.clone(), counts, &m, None);
        let outcomes = record
            .outcomes
            .iter()
            .map(|o| Outcome { outcome: o.outcome.clone(), hand: hand(&o.outcome), pays: o.pays.clone().unwrap_or_else(|| "loses".into()), combinations: o.combinations, probability: o.probability.clone(), contribution: Exact(o.probability.value() * o.fixed_return.value()) })
            .collect();
        let mut a = head(record.figures.clone(), outcomes, said);
        a.progressive = Some(record);
        return Ok(a);
    }
    let a: Analysis = exact(counts, &entry.table).map_err(|e| format!("{game} {} paytable {}: {e}", w.id, entry.table.id))?;
    let outcomes = a
        .rows
        .iter()
        .map(|r| Outcome {
            outcome: r.outcome.clone(),
            hand: hand(&r.outcome),
            pays: r.pay.as_ref().map_or_else(|| "loses".to_string(), ToString::to_string),
            combinations: Count(r.combinations),
            probability: Exact(r.probability.clone()),
            contribution: Exact(r.contribution.clone()),
        })
        .collect();
    let mut x = head(Figures::new(vec![Figure::of_net(Basis::PerUnit, &a.expected_net)], Basis::PerUnit), outcomes, said);
    x.hit_frequency = Some(Exact(a.hit_frequency.clone()));
    x.variance = Some(Exact(a.variance.clone()));
    x.standard_deviation = Some(format!("{:.6}", a.standard_deviation()));
    Ok(x)
}

/// The payback of an analysis, where it exists.
pub fn payback(a: &WagerAnalysis) -> Option<&BigRational> {
    a.figures.payback.as_ref().map(Exact::value)
}
