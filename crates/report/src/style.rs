//! The report's layout for phones, wide windows and paper, added after the base style of
//! `render.rs` (so it overrides it where they meet).
//!
//! - No page scrolls sideways at any width down to a 390 px phone: long links and words wrap,
//!   and a table wider than its column scrolls inside its own box (`.wide`, which every table is
//!   wrapped in), with a shadow at the edge that has more to see.
//! - Charts take their column's width and never scale their text (`chart.rs`).
//! - On paper: no navigation, no scroll boxes (a wide table prints in a smaller type instead),
//!   links without colour, and rows, charts and headings kept with what follows.
//!
//! `tests/browser.rs` (crates/cli) renders every page at 390 and 1280 px and checks the first
//! two points.
pub const LAYOUT: &str = "\
.crumbs a,.pager a,.exports a{white-space:normal;overflow-wrap:anywhere}\
main{overflow-wrap:break-word}h1,h2,h3{overflow-wrap:anywhere}\
.wide{overflow-x:auto;-webkit-overflow-scrolling:touch;max-width:100%;\
background:linear-gradient(to right,#fff 30%,rgba(255,255,255,0)),linear-gradient(to left,#fff 30%,rgba(255,255,255,0)) 100% 0,\
radial-gradient(farthest-side at 0 50%,rgba(0,0,0,.18),rgba(0,0,0,0)),radial-gradient(farthest-side at 100% 50%,rgba(0,0,0,.18),rgba(0,0,0,0)) 100% 0;\
background-repeat:no-repeat;background-size:2.5rem 100%,2.5rem 100%,.8rem 100%,.8rem 100%;background-attachment:local,local,scroll,scroll}\
.wide>table{margin:.25rem 0 .75rem}\
table.grid td,table.grid th{padding:.15rem .3rem;font-size:.8rem;white-space:nowrap}\
figure.chart{margin:1rem 0;max-width:52rem}figure.chart svg{display:block;width:100%;height:auto;overflow:visible}\
figcaption.legend{font-size:.85rem;color:#444;margin-top:.25rem}\
.legend .key{display:inline-block;width:1rem;height:.8rem;margin-right:.3rem;vertical-align:middle}\
@media (max-width:40rem){body{padding:.75rem .9rem 2rem}ul.toc{columns:1}h1{font-size:1.35rem}table{font-size:.8rem}}\
@media print{.wide{overflow:visible;background:none}.wide>table{font-size:8pt}td{white-space:normal}\
figure.chart{max-width:none}a[href]{color:inherit}details>summary{display:none}\
h1,h2,h3,figcaption{break-after:avoid}figure.chart,li{break-inside:avoid}@page{margin:15mm}}";
