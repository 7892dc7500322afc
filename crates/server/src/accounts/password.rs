//! Passwords: Argon2id (memory-hard, the `argon2` crate of RustCrypto) with a random salt per
//! password, kept as a PHC string (`$argon2id$v=19$m=…`), which names its own parameters — so
//! stronger parameters later still verify the hashes stored before.
//!
//! Hashing costs tens of milliseconds and 19 MiB on purpose: call these on the blocking pool,
//! a few at a time ([`super::Accounts::hashing`]).

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// Shortest and longest password, in characters.
pub const MIN_PASSWORD: usize = 8;
pub const MAX_PASSWORD: usize = 128;

/// Why a password is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PasswordError {
    #[error("a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")]
    BadLength,
    #[error("the password could not be hashed: {0}")]
    Hash(String),
}

/// The PHC string of `password` with a new salt.
pub fn hash(password: &str) -> Result<String, PasswordError> {
    let length = password.chars().count();
    if !(MIN_PASSWORD..=MAX_PASSWORD).contains(&length) {
        return Err(PasswordError::BadLength);
    }
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|e| PasswordError::Hash(e.to_string()))
}

/// Does `password` match the stored PHC string? A stored string that does not parse matches
/// nothing.
pub fn verify(password: &str, stored: &str) -> bool {
    if password.chars().count() > MAX_PASSWORD {
        return false;
    }
    match PasswordHash::new(stored) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// A hash no password matches, verified instead when a name has no account, so that a wrong
/// name costs the same time as a wrong password.
pub fn decoy() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash("not anyone's password, ever").unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_verifies_against_its_own_hash_only() {
        let stored = hash("correct horse").unwrap();
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(verify("correct horse", &stored));
        assert!(!verify("correct horsf", &stored));
        assert_ne!(
            hash("correct horse").unwrap(),
            stored,
            "a new salt each time"
        );
        assert!(!verify("anything", "not a phc string"));
        assert_eq!(hash("short"), Err(PasswordError::BadLength));
        assert!(!verify("correct horse", decoy()));
    }
}
