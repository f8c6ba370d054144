//! The page and its requests. Each handler reads its inputs, asks the application layer, and
//! answers JSON (or a download); errors are the application layer's messages with status 400.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Query, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::App;

const PAGE: &str = include_str!("page.html");

/// What the page may load and where it may send requests: nothing outside this server.
const CSP: &str = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

pub(crate) fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/catalog", get(catalog))
        .route("/api/price", post(price))
        .route("/api/compare", post(compare))
        .route("/api/job", post(submit).get(job))
        .route("/api/download", get(download))
        .layer(middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app)
}

/// Refuses, before any handler, a request without the token or from a foreign Host or Origin.
async fn guard(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    let verdict = {
        let h = |name: header::HeaderName| req.headers().get(name).and_then(|v| v.to_str().ok());
        let token = req.uri().query().and_then(|q| crate::guard::query_value(q, "token")).or_else(|| req.headers().get("x-parsheet-token").and_then(|v| v.to_str().ok()));
        crate::guard::check(h(header::HOST), h(header::ORIGIN), token, &app.token, app.port)
    };
    if let Err(why) = verdict {
        return (StatusCode::FORBIDDEN, why).into_response();
    }
    let mut r = next.run(req).await;
    let headers = r.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

async fn page() -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], PAGE).into_response()
}

fn bad(e: String) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({"error": e}))).into_response()
}

/// Runs blocking work off the async threads, on tokio's blocking pool (at most
/// [`crate::BLOCKING_THREADS`] threads; more work waits in its queue). Every handler that
/// computes goes through here; the rest only read the request and the job states.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> Result<T, String> + Send + 'static) -> Result<T, String> {
    tokio::task::spawn_blocking(f).await.map_err(|e| format!("the computation failed: {e}"))?
}

/// The games, their wagers and approved paytables, as the page's choices.
async fn catalog(State(app): State<Arc<App>>) -> Response {
    match blocking(move || catalog_of(&app)).await {
        Ok(c) => Json(c).into_response(),
        Err(e) => bad(e),
    }
}

fn catalog_of(app: &App) -> Result<Value, String> {
    let games: Vec<Value> = app
        .games
        .iter()
        .map(|g| {
            let wagers: Vec<Value> = g
                .wagers
                .iter()
                .filter(|w| !w.paytables.is_empty() && parsheet_games::lookup(&g.game, &w.id).is_ok())
                .filter(|w| !(g.game == "face-up-pai-gow" && parsheet_app::design::needs_solve(&g.game, &w.id)))
                .map(|w| {
                    let outcomes = parsheet_tables::outcomes_of(&g.game, &w.id).unwrap_or_default();
                    json!({
                        "id": w.id, "title": w.title, "section": w.section,
                        "solve": parsheet_app::design::needs_solve(&g.game, &w.id),
                        "outcomes": outcomes,
                        "paytables": w.paytables.iter().map(|p| json!({
                            "id": p.table.id,
                            "lines": p.table.lines.iter().map(|l| json!({"outcome": l.outcome, "hand": p.hand(&l.outcome), "pays": l.pay.to_string()})).collect::<Vec<_>>(),
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect();
            json!({"game": g.game, "title": g.title, "wagers": wagers})
        })
        .filter(|g| g["wagers"].as_array().is_some_and(|w| !w.is_empty()))
        .collect();
    let ways = parsheet_app::house_ways::builtin_ways()?.into_iter().map(|(spec, way)| json!({"spec": spec, "title": way.title})).collect::<Vec<_>>();
    Ok(json!({"games": games, "source": app.source, "house_ways": ways}))
}

/// A candidate: an approved table and the lines typed over it (`--pays` items).
#[derive(Deserialize)]
struct Candidate {
    #[serde(default)]
    game: String,
    #[serde(default)]
    wager: String,
    #[serde(default)]
    base: String,
    #[serde(default)]
    pays: String,
}

async fn price(State(app): State<Arc<App>>, Json(c): Json<Candidate>) -> Response {
    match blocking(move || parsheet_app::design::price(&app.games, &c.game, &c.wager, &c.base, &c.pays, &app.counts)).await {
        Ok(p) => Json(p).into_response(),
        Err(e) => bad(e),
    }
}

async fn compare(State(app): State<Arc<App>>, Json(c): Json<Candidate>) -> Response {
    match blocking(move || parsheet_app::design::compare(&app.games, &c.game, &c.wager, &c.base, &c.pays, &app.counts)).await {
        Ok(p) => Json(p).into_response(),
        Err(e) => bad(e),
    }
}

/// Heavy work: `solve` (a main game re-solved for the candidate), `explore` (a line for a
/// target edge, or a search), `house-way` (Face Up Pai Gow's optimal player against a
/// built-in way and each single-rule change of it, from the setting table) or `define` (the
/// builder's side bet counted and priced: `parsheet_app::design::build`).
#[derive(Deserialize)]
struct JobRequest {
    kind: String,
    #[serde(flatten)]
    candidate: Candidate,
    target_edge: Option<String>,
    line: Option<String>,
    search: Option<String>,
    #[serde(default)]
    bounds: Vec<String>,
    way: Option<String>,
    /// `define`: the builder's side bet, a schema-2 tables file.
    file: Option<String>,
}

async fn submit(State(app): State<Arc<App>>, Json(r): Json<JobRequest>) -> Response {
    let c = r.candidate;
    let work: crate::jobs::Work = match r.kind.as_str() {
        "solve" => Box::new(move |app: &App| parsheet_app::design::solve(&app.games, &c.game, &c.wager, &c.base, &c.pays).map(|p| serde_json::to_value(p).expect("records serialize"))),
        "explore" => Box::new(move |app: &App| {
            let pays = c.pays.trim();
            let req = parsheet_app::explore::Request {
                game: c.game,
                wager: c.wager,
                paytable: Some(c.base),
                pays: (!pays.is_empty()).then(|| pays.to_string()),
                target_edge: r.target_edge.filter(|t| !t.trim().is_empty()),
                line: r.line.filter(|t| !t.trim().is_empty()),
                search: r.search.filter(|t| !t.trim().is_empty()),
                bounds: r.bounds.into_iter().filter(|b| !b.trim().is_empty()).collect(),
                limit: 10,
                max_nodes: parsheet_app::explore::DEFAULT_NODES,
                ..Default::default()
            };
            let x = parsheet_app::explore::explore(app.games.clone(), &req)?;
            Ok(json!({"text": x.text, "doc": x.doc}))
        }),
        "house-way" => {
            // Built-in ways only: a path here would have the server read a file.
            let spec = r.way.unwrap_or_default();
            let known = match blocking(parsheet_app::house_ways::builtin_ways).await {
                Ok(w) => w.into_iter().map(|(s, _)| s).collect::<Vec<_>>(),
                Err(e) => return bad(e),
            };
            if !known.contains(&spec) {
                return bad(format!("no built-in house way {:?}; built-in: {}", parsheet_tables::printable(&spec), known.join(", ")));
            }
            Box::new(move |app: &App| {
                let choice = parsheet_app::main_game::house_way_choice(Some(&spec), &app.games)?;
                parsheet_app::house_ways::way_design(&app.games, &choice).map(|d| serde_json::to_value(d).expect("records serialize"))
            })
        }
        "define" => {
            let file = r.file.unwrap_or_default();
            Box::new(move |app: &App| parsheet_app::design::build(&app.games, &file, &app.counts).map(|b| serde_json::to_value(b).expect("records serialize")))
        }
        other => return bad(format!("unknown job {other:?}: solve, explore, house-way or define")),
    };
    Json(json!({"job": app.jobs.submit(work)})).into_response()
}

async fn job(State(app): State<Arc<App>>, Query(q): Query<HashMap<String, String>>) -> Response {
    let Some(id) = q.get("id").and_then(|i| i.parse().ok()) else { return bad("give ?id=N".into()) };
    match app.jobs.state(id) {
        Some(s) => Json(s).into_response(),
        None => bad(format!("no job {id}")),
    }
}

/// A candidate as a download: `table` (a table file the CLI reads), `par` (its PAR sheet, the
/// report's Markdown) or `xlsx` (the report's workbook). The PAR sheet and the workbook lie
/// alone (`Place::Alone`): they name no page or file of a report, and the workbook links only
/// to its own sheets.
async fn download(State(app): State<Arc<App>>, Query(q): Query<HashMap<String, String>>) -> Response {
    let get = |k: &str| q.get(k).cloned().unwrap_or_default();
    let (game, wager, base, pays, id, format) = (get("game"), get("wager"), get("base"), get("pays"), get("id"), get("format"));
    let made = blocking(move || -> Result<(Vec<u8>, &'static str, String), String> {
        let design = &parsheet_app::design::table_file;
        match format.as_str() {
            "table" => Ok((design(&app.games, &game, &wager, &base, &pays, &id)?.into_bytes(), "application/json", format!("{id}.json"))),
            "par" | "xlsx" => {
                let tables = parsheet_app::design::report_tables(&app.games, &game, &wager, &base, &pays, &id)?;
                let way = parsheet_app::main_game::house_way_choice(None, &app.games)?;
                let source = format!("designed in parsheet serve from paytable {base} ({})", app.source);
                let report = parsheet_app::report::build(&tables, &source, (app.provenance)(&tables)?, 1000, &parsheet_app::verify::Context { house_way: &way })?;
                // Each download names the game and wager and carries the run's provenance.
                let g = report.games.first().ok_or("the report has no game")?;
                let w = g.wagers.first().ok_or("the report has no wager")?;
                let stem = format!("{}-{}-{id}", g.game, w.id);
                if format == "par" {
                    let text = format!("# {}: {} — paytable {id}\n{}\n{}", g.title, w.title, parsheet_report::render::wager_markdown(w, parsheet_report::Place::Alone), parsheet_report::render::provenance_markdown(&report.provenance));
                    Ok((text.into_bytes(), "text/markdown; charset=utf-8", format!("{stem}-par-sheet.md")))
                } else {
                    // Alone: its links are to its own sheets, as no page of the report comes with it.
                    let bytes = parsheet_report::xlsx::workbook(&report, &report.provenance.rows(), parsheet_report::Place::Alone).map_err(|e| format!("cannot write the workbook: {e}"))?;
                    Ok((bytes, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", format!("{stem}.xlsx")))
                }
            }
            other => Err(format!("unknown format {other:?}: table, par or xlsx")),
        }
    })
    .await;
    match made {
        Ok((bytes, kind, name)) => Response::builder()
            .header(header::CONTENT_TYPE, kind)
            .header(header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\""))
            .body(Body::from(bytes))
            .expect("headers are valid"),
        Err(e) => bad(e),
    }
}
