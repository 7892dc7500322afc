//! 身份 Dealing the roles: the role tables (`timing-rulings.md` A.1, `modes.md` V-ROLE) and the
//! deal itself (one role per seat, shuffled with the game's rng).

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::def::option;
use crate::error::SetupError;
use crate::ruleset::Options;
use crate::seat::{Role, RoleCounts};

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
    /// The table at the end of the early rules (`modes.md` V-ROLE-S0): one loyalist up to nine
    /// players, up to three renegades. It contradicts the box's ten role cards; offered as the
    /// rules document prints it.
    S0,
}

impl RoleTable {
    /// The role counts for `players` seats, or `None` outside 2..=10.
    pub fn counts(self, players: usize) -> Option<RoleCounts> {
        let (lord, loyalist, rebel, renegade) = match (self, players) {
            (RoleTable::Variant, 4) => (1, 0, 2, 1),
            (RoleTable::Variant, 6) => (1, 1, 2, 2),
            (RoleTable::Variant, 8) => (1, 2, 3, 2),
            (RoleTable::Variant, 10) => (1, 3, 5, 1),
            (RoleTable::S0, 6) => (1, 1, 2, 2),
            (RoleTable::S0, 7) => (1, 1, 3, 2),
            (RoleTable::S0, 8) => (1, 1, 3, 3),
            (RoleTable::S0, 9) => (1, 1, 4, 3),
            (RoleTable::S0, 10) => (1, 2, 4, 3),
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

impl RoleTable {
    /// The option value that names this table.
    pub fn id(self) -> &'static str {
        match self {
            RoleTable::Standard => "standard",
            RoleTable::Variant => "variant",
            RoleTable::S0 => "s0",
        }
    }

    /// The table a ruleset's options choose.
    pub fn of(options: &Options) -> RoleTable {
        match option::choice(super::OPTIONS, options, "role_table").as_str() {
            "variant" => RoleTable::Variant,
            "s0" => RoleTable::S0,
            _ => RoleTable::Standard,
        }
    }
}

/// Deals one role per seat: the table's roles, shuffled.
pub fn deal(
    options: &Options,
    players: usize,
    rng: &mut ChaCha8Rng,
) -> Result<Vec<Role>, SetupError> {
    let mut roles = RoleTable::of(options)
        .roles(players)
        .ok_or(SetupError::PlayerCount(players))?;
    roles.shuffle(rng);
    // `lord_seat = n`: seat n − 1 is dealt the lord; the other roles stay shuffled.
    let lord_seat = option::number(super::OPTIONS, options, "lord_seat") as usize;
    if lord_seat > 0 {
        if lord_seat > players {
            return Err(SetupError::Invalid(format!(
                "lord_seat {lord_seat}: the table has {players} seats"
            )));
        }
        if let Some(lord) = roles.iter().position(|r| *r == Role::Lord) {
            roles.swap(lord, lord_seat - 1);
        }
    }
    Ok(roles)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::Role;

    #[test]
    fn every_table_sums_to_the_player_count() {
        for table in [RoleTable::Standard, RoleTable::Variant, RoleTable::S0] {
            for n in 2..=10 {
                let roles = table.roles(n).unwrap();
                assert_eq!(roles.len(), n);
                assert_eq!(roles.iter().filter(|r| **r == Role::Lord).count(), 1);
            }
            assert!(table.counts(1).is_none());
            assert!(table.counts(11).is_none());
        }
    }

    /// `lord_seat` puts the lord where a series wants it (V-JF-2), and refuses a seat the
    /// table does not have.
    #[test]
    fn lord_seat_deals_the_lord_to_that_seat() {
        use rand::SeedableRng;
        for seat in 1..=5u32 {
            for seed in 0..20 {
                let options = Options::default().with("lord_seat", i64::from(seat));
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let roles = deal(&options, 5, &mut rng).unwrap();
                assert_eq!(roles[seat as usize - 1], Role::Lord);
                assert_eq!(roles.iter().filter(|r| **r == Role::Lord).count(), 1);
            }
        }
        let options = Options::default().with("lord_seat", 6i64);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert!(deal(&options, 5, &mut rng).is_err());
    }

    #[test]
    fn ten_players_default_has_two_renegades() {
        let c = RoleTable::Standard.counts(10).unwrap();
        assert_eq!((c.loyalist, c.rebel, c.renegade), (3, 4, 2));
        let v = RoleTable::Variant.counts(10).unwrap();
        assert_eq!((v.loyalist, v.rebel, v.renegade), (3, 5, 1));
    }

    /// V-ROLE-S0: the early rules' table, column by column (4–5 seats as every source).
    #[test]
    fn v_role_s0_table_has_up_to_three_renegades() {
        let rows: Vec<_> = (4..=10)
            .map(|n| {
                let c = RoleTable::S0.counts(n).unwrap();
                (c.lord, c.loyalist, c.rebel, c.renegade)
            })
            .collect();
        assert_eq!(
            rows,
            [
                (1, 1, 1, 1),
                (1, 1, 2, 1),
                (1, 1, 2, 2),
                (1, 1, 3, 2),
                (1, 1, 3, 3),
                (1, 1, 4, 3),
                (1, 2, 4, 3)
            ]
        );
    }
}
