//! Seats and identities: [`Seat`], [`Role`], [`Kingdom`], [`Gender`].
//!
//! A *seat* is a place at the table (0-based, in seat order: the next seat is the one to the
//! current seat's right). A *player* is the person connected to a seat; the engine never sees
//! players, only seats.

use serde::{Deserialize, Serialize};

/// A place at the table. Seat order (逆时针 counterclockwise) is ascending, wrapping around.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// 身份 Role in identity mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// 主公
    Lord,
    /// 忠臣
    Loyalist,
    /// 反贼
    Rebel,
    /// 内奸
    Renegade,
}

impl Role {
    /// Is this role shown to everyone from the deal (主公)? Every other role stays hidden until
    /// its seat dies or the game ends.
    pub fn is_public(self) -> bool {
        self == Role::Lord
    }
}

/// 势力 Kingdom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Kingdom {
    /// 魏
    Wei,
    /// 蜀
    Shu,
    /// 吴
    Wu,
    /// 群
    Qun,
    /// No kingdom (a white general).
    None,
    /// 神 God: printed on the four god generals, who choose a playing kingdom at the start
    /// (W-MECH-GOD-1). (Appended.)
    God,
}

impl Kingdom {
    /// The kingdoms a god may choose, in the order of `PromptKind::ChooseKingdom`'s options.
    pub const CHOOSABLE: [Kingdom; 4] = [Kingdom::Wei, Kingdom::Shu, Kingdom::Wu, Kingdom::Qun];
}

/// 性别 Gender.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Gender {
    Male,
    Female,
}

/// How many of each role a game deals: lord, loyalists, rebels, renegades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RoleCounts {
    pub lord: u8,
    pub loyalist: u8,
    pub rebel: u8,
    pub renegade: u8,
}

impl RoleCounts {
    /// How many of each role these are.
    pub fn of_roles(roles: &[Role]) -> RoleCounts {
        let count = |role| roles.iter().filter(|r| **r == role).count() as u8;
        RoleCounts {
            lord: count(Role::Lord),
            loyalist: count(Role::Loyalist),
            rebel: count(Role::Rebel),
            renegade: count(Role::Renegade),
        }
    }

    /// How many of `role` are dealt.
    pub fn of(&self, role: Role) -> u8 {
        match role {
            Role::Lord => self.lord,
            Role::Loyalist => self.loyalist,
            Role::Rebel => self.rebel,
            Role::Renegade => self.renegade,
        }
    }
}
