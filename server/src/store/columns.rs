//! A row's columns read one at a time as what they must be. SQLite keeps any
//! value in any column and never checks text for UTF-8, so a damaged or
//! hand-edited row can hold what no `String` or `u32` takes. Read with
//! rusqlite's typed `get`, such a row fails the whole query (every booking of
//! the calendar, every mail at start); read through these, it is that row's
//! own error (`InvalidData`, naming the column), and the caller leaves that
//! row out and goes on with the others.
use std::io;

use rusqlite::{types::ValueRef, Row};

use super::file::{invalid, sql};

/// A text column that must hold UTF-8 text.
pub fn text(row: &Row<'_>, column: usize) -> io::Result<String> {
    optional_text(row, column)?.ok_or_else(|| invalid(format!("{}: NULL, not text", name(row, column))))
}

/// A text column that may be NULL.
pub fn optional_text(row: &Row<'_>, column: usize) -> io::Result<Option<String>> {
    match row.get_ref(column).map_err(sql)? {
        ValueRef::Null => Ok(None),
        ValueRef::Text(bytes) => String::from_utf8(bytes.to_vec())
            .map(Some)
            .map_err(|_| invalid(format!("{}: text that is not UTF-8", name(row, column)))),
        other => Err(wrong_type(row, column, other)),
    }
}

/// An integer column (not NULL).
pub fn integer(row: &Row<'_>, column: usize) -> io::Result<i64> {
    match row.get_ref(column).map_err(sql)? {
        ValueRef::Integer(n) => Ok(n),
        other => Err(wrong_type(row, column, other)),
    }
}

/// An integer column that may be NULL.
pub fn optional_integer(row: &Row<'_>, column: usize) -> io::Result<Option<i64>> {
    match row.get_ref(column).map_err(sql)? {
        ValueRef::Null => Ok(None),
        ValueRef::Integer(n) => Ok(Some(n)),
        other => Err(wrong_type(row, column, other)),
    }
}

/// Whatever the column holds, as text for a log line or a health report
/// (bytes that are not UTF-8 shown as U+FFFD).
pub fn shown(row: &Row<'_>, column: usize) -> String {
    match row.get_ref(column) {
        Ok(ValueRef::Text(bytes) | ValueRef::Blob(bytes)) => String::from_utf8_lossy(bytes).into_owned(),
        Ok(ValueRef::Integer(n)) => n.to_string(),
        Ok(ValueRef::Real(x)) => x.to_string(),
        Ok(ValueRef::Null) | Err(_) => String::new(),
    }
}

fn wrong_type(row: &Row<'_>, column: usize, found: ValueRef<'_>) -> io::Error {
    invalid(format!("{}: {} where it should not be", name(row, column), found.data_type()))
}

fn name(row: &Row<'_>, column: usize) -> String {
    row.as_ref().column_name(column).map_or_else(|_| format!("column {column}"), str::to_string)
}

#[cfg(test)]
mod tests {
    use rusqlite::Connection;

    use super::*;

    #[test]
    fn a_value_that_is_not_what_its_column_holds_is_that_rows_error() {
        let c = Connection::open_in_memory().unwrap();
        let read = |select: &str| {
            c.query_row(&format!("SELECT {select} AS col"), [], |row| {
                Ok((text(row, 0).map_err(|e| e.to_string()), integer(row, 0).is_ok(), shown(row, 0)))
            })
            .expect("the query itself never fails")
        };
        assert_eq!(read("'ok'"), (Ok("ok".to_string()), false, "ok".to_string()));
        let (bad, _, shown) = read("CAST(x'7b22ff7d' AS TEXT)");
        assert_eq!(bad, Err("col: text that is not UTF-8".to_string()));
        assert_eq!(shown, "{\"\u{fffd}}");
        assert_eq!(read("x'00ff'").0, Err("col: Blob where it should not be".to_string()));
        assert_eq!(read("42").0, Err("col: Integer where it should not be".to_string()));
        assert!(read("42").1);
        assert!(!read("'zwei'").1, "text is no integer");
        assert_eq!(read("NULL").0, Err("col: NULL, not text".to_string()));
    }
}
