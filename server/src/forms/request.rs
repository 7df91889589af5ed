//! What a form sends, declared once: [`request!`] makes the request's type,
//! whose field names ts-rs writes into the UI contract (the forms type their
//! payloads and field lists with it), and a constant of the same type whose
//! every field holds its own name, which the checks read the [`super::Input`]
//! by and key their problems with. A field renamed here changes both: the
//! checks follow, and the forms no longer compile until they do.
//!
//! Every field is text, as both encodings carry it (JSON from the page's
//! script, urlencoded from a page without one); a field left out reads as
//! empty, so the names, not the types, are the contract.

/// `request! { /// docs  pub struct Name: NAMES { field = "wireName", … } }`:
/// the struct `Name` (fields of text; `Name<&'static str>` for the names) and
/// the constant `NAMES`. A leading `..field: Other = OTHER,` takes in the
/// fields of another request, flattened (the mail booking sends the WhatsApp
/// booking's fields and more).
macro_rules! request {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident: $names:ident {
            $(.. $inner:ident: $inner_ty:ident = $inner_names:ident,)?
            $($(#[$field_meta:meta])* $field:ident = $wire:literal),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
        #[ts(concrete(T = String))]
        $vis struct $name<T = String> {
            $(#[serde(flatten)] #[ts(flatten)] pub $inner: $inner_ty<T>,)?
            $($(#[$field_meta])* #[serde(rename = $wire)] pub $field: T,)*
        }

        /// Each field's name as the forms send it.
        $vis const $names: $name<&'static str> =
            $name { $($inner: $inner_names,)? $($field: $wire,)* };
    };
}

pub(crate) use request;

#[cfg(test)]
mod tests {
    use ts_rs::{Config, TS};

    request! {
        /// Inner.
        struct Inner: INNER {
            first_name = "firstName",
        }
    }

    request! {
        /// Outer.
        struct Outer: OUTER {
            ..inner: Inner = INNER,
            /// Documented.
            mail = "email",
        }
    }

    #[test]
    fn the_names_are_the_wire_names_and_the_type_has_them_all() {
        assert_eq!((OUTER.inner.first_name, OUTER.mail), ("firstName", "email"));
        assert_eq!(
            serde_json::to_value(OUTER).unwrap(),
            serde_json::json!({"firstName": "firstName", "email": "email"})
        );
        let declared = Outer::<String>::decl(&Config::new());
        assert!(declared.contains("email: string") && declared.contains("firstName: string"), "{declared}");
        assert!(!declared.contains('<'), "no type parameter reaches the UI: {declared}");
    }
}
