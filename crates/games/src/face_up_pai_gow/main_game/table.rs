//! The setting table (to come).
