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

/// Which role table a game uses (`timing-rulings.md` A.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum RoleTable {
    /// The project's default table (10 players: 1/3/4/2).
    #[default]
    Standard,
    /// The named variants: 6 players 1/1/2/2, 8 players 1/2/3/2, 10 players 1/3/5/1 and
    /// QSanguosha's 4 players 1/0/2/1. Other player counts use the standard table.
    Variant,
}

impl RoleTable {
    /// The role counts for `players` seats, or `None` outside 2..=10.
    pub fn counts(self, players: usize) -> Option<RoleCounts> {
        let (lord, loyalist, rebel, renegade) = match (self, players) {
            (RoleTable::Variant, 4) => (1, 0, 2, 1),
            (RoleTable::Variant, 6) => (1, 1, 2, 2),
            (RoleTable::Variant, 8) => (1, 2, 3, 2),
            (RoleTable::Variant, 10) => (1, 3, 5, 1),
            (_, 2) => (1, 0, 1, 0),
            (_, 3) => (1, 0, 1, 1),
            (_, 4) => (1, 1, 1, 1),
            (_, 5) => (1, 1, 2, 1),
            (_, 6) => (1, 1, 3, 1),
            (_, 7) => (1, 2, 3, 1),
            (_, 8) => (1, 2, 4, 1),
            (_, 9) => (1, 3, 4, 1),
            (_, 10) => (1, 3, 4, 2),
            _ => return None,
        };
        Some(RoleCounts {
            lord,
            loyalist,
            rebel,
            renegade,
        })
    }

    /// The roles to deal, in a fixed order (the deal shuffles them).
    pub fn roles(self, players: usize) -> Option<Vec<Role>> {
        let counts = self.counts(players)?;
        let mut roles = Vec::with_capacity(players);
        roles.extend(std::iter::repeat_n(Role::Lord, counts.lord as usize));
        roles.extend(std::iter::repeat_n(
            Role::Loyalist,
            counts.loyalist as usize,
        ));
        roles.extend(std::iter::repeat_n(Role::Rebel, counts.rebel as usize));
        roles.extend(std::iter::repeat_n(
            Role::Renegade,
            counts.renegade as usize,
        ));
        Some(roles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_sums_to_the_player_count() {
        for table in [RoleTable::Standard, RoleTable::Variant] {
            for n in 2..=10 {
                let roles = table.roles(n).unwrap();
                assert_eq!(roles.len(), n);
                assert_eq!(roles.iter().filter(|r| **r == Role::Lord).count(), 1);
            }
            assert!(table.counts(1).is_none());
            assert!(table.counts(11).is_none());
        }
    }

    #[test]
    fn ten_players_default_has_two_renegades() {
        let c = RoleTable::Standard.counts(10).unwrap();
        assert_eq!((c.loyalist, c.rebel, c.renegade), (3, 4, 2));
        let v = RoleTable::Variant.counts(10).unwrap();
        assert_eq!((v.loyalist, v.rebel, v.renegade), (3, 5, 1));
    }
}
