package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/membot/membot/memory"
)

const personColumns = `id, display_name, language, memory_off, created_at, updated_at, version, no_undelivered`

// rowScanner is what *sql.Row and *sql.Rows share.
type rowScanner interface {
	Scan(dest ...any) error
}

func scanPerson(r rowScanner) (memory.Person, error) {
	var p memory.Person
	var created, updated int64
	err := r.Scan(&p.ID, &p.DisplayName, &p.Language, &p.MemoryOff, &created, &updated, &p.Version, &p.NoUndelivered)
	p.CreatedAt, p.UpdatedAt = fromMs(created), fromMs(updated)
	return p, err
}

// ResolveIdentity returns the person behind a platform account, creating
// both on first sight; a changed username is stored.
func (s *Store) ResolveIdentity(ctx context.Context, platform, userID, username string) (memory.Person, error) {
	if platform == "" || userID == "" {
		return memory.Person{}, fmt.Errorf("resolve identity %q/%q: %w: platform and user id are required", platform, userID, memory.ErrInvalid)
	}
	if err := checkUTF8("platform", platform, "user id", userID, "username", username); err != nil {
		return memory.Person{}, fmt.Errorf("resolve identity: %w", err)
	}
	// Most messages come from known accounts with unchanged names: answer
	// those without taking the write gate.
	var personID, stored string
	err := s.db.QueryRowContext(ctx, `SELECT person_id, username FROM identities WHERE platform = ? AND user_id = ?`,
		platform, userID).Scan(&personID, &stored)
	switch {
	case err == nil && (stored == username || username == ""):
		return s.Person(ctx, personID)
	case err != nil && !errors.Is(err, sql.ErrNoRows):
		return memory.Person{}, fmt.Errorf("resolve identity %s/%s: %w", platform, userID, err)
	}

	var p memory.Person
	err = s.write(ctx, "resolve identity "+platform+"/"+userID, func(tx *sql.Tx) error {
		now := s.nowMs()
		err := tx.QueryRowContext(ctx, `SELECT person_id FROM identities WHERE platform = ? AND user_id = ?`,
			platform, userID).Scan(&personID)
		switch {
		case err == nil:
			if username != "" {
				if _, err := tx.ExecContext(ctx, `UPDATE identities SET username = ? WHERE platform = ? AND user_id = ?`,
					username, platform, userID); err != nil {
					return err
				}
			}
			p, err = scanPerson(tx.QueryRowContext(ctx, `SELECT `+personColumns+` FROM people WHERE id = ?`, personID))
			return err
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		p = memory.Person{ID: newID(), DisplayName: username, CreatedAt: now, UpdatedAt: now, Version: 1}
		if _, err := tx.ExecContext(ctx, `INSERT INTO people (`+personColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			p.ID, p.DisplayName, p.Language, boolInt(p.MemoryOff), toMs(now), toMs(now), p.Version, boolInt(p.NoUndelivered)); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO identities (platform, user_id, person_id, username, linked_at) VALUES (?, ?, ?, ?, ?)`,
			platform, userID, p.ID, username, toMs(now))
		return err
	})
	if err != nil {
		return memory.Person{}, err
	}
	return p, nil
}

// Person returns a person by id, or memory.ErrNotFound.
func (s *Store) Person(ctx context.Context, id string) (memory.Person, error) {
	p, err := scanPerson(s.db.QueryRowContext(ctx, `SELECT `+personColumns+` FROM people WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return memory.Person{}, fmt.Errorf("person %s: %w", id, memory.ErrNotFound)
	}
	if err != nil {
		return memory.Person{}, fmt.Errorf("person %s: %w", id, err)
	}
	return p, nil
}

// CreatePerson stores a new person at version 1, assigning its id when
// empty and the creation and update times when zero.
func (s *Store) CreatePerson(ctx context.Context, p *memory.Person) error {
	if err := checkUTF8("id", p.ID, "display name", p.DisplayName, "language", p.Language); err != nil {
		return fmt.Errorf("create person %s: %w", p.ID, err)
	}
	stored := *p
	if stored.ID == "" {
		stored.ID = newID()
	}
	now := s.nowMs()
	if stored.CreatedAt.IsZero() {
		stored.CreatedAt = now
	}
	if stored.UpdatedAt.IsZero() {
		stored.UpdatedAt = now
	}
	stored.CreatedAt, stored.UpdatedAt = fromMs(toMs(stored.CreatedAt)), fromMs(toMs(stored.UpdatedAt))
	stored.Version = 1
	err := s.write(ctx, "create person "+stored.ID, func(tx *sql.Tx) error {
		ok, err := execOne(ctx, tx, `INSERT INTO people (`+personColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO NOTHING`,
			stored.ID, stored.DisplayName, stored.Language, boolInt(stored.MemoryOff),
			toMs(stored.CreatedAt), toMs(stored.UpdatedAt), stored.Version, boolInt(stored.NoUndelivered))
		if err == nil && !ok {
			err = fmt.Errorf("id is taken: %w", memory.ErrConflict)
		}
		return err
	})
	if err != nil {
		return err
	}
	*p = stored
	return nil
}

// UpdatePerson writes p if its version is current, then increments it.
func (s *Store) UpdatePerson(ctx context.Context, p *memory.Person) error {
	if err := checkUTF8("display name", p.DisplayName, "language", p.Language); err != nil {
		return fmt.Errorf("update person %s: %w", p.ID, err)
	}
	now := s.nowMs()
	return s.write(ctx, "update person "+p.ID, func(tx *sql.Tx) error {
		ok, err := execOne(ctx, tx, `UPDATE people SET display_name = ?, language = ?, memory_off = ?, no_undelivered = ?, updated_at = ?, version = version + 1
			WHERE id = ? AND version = ?`,
			p.DisplayName, p.Language, boolInt(p.MemoryOff), boolInt(p.NoUndelivered), toMs(now), p.ID, p.Version)
		if err != nil {
			return err
		}
		if !ok {
			return versionError(ctx, tx, `SELECT 1 FROM people WHERE id = ?`, p.ID)
		}
		p.Version++
		p.UpdatedAt = now
		return nil
	})
}

// versionError explains a conditional update that matched no row: the
// record is gone (ErrNotFound) or its version moved on (ErrConflict).
func versionError(ctx context.Context, tx *sql.Tx, query string, args ...any) error {
	found, err := exists(ctx, tx, query, args...)
	switch {
	case err != nil:
		return err
	case found:
		return memory.ErrConflict
	default:
		return memory.ErrNotFound
	}
}

// Identities lists the accounts linked to a person, by platform and user id.
func (s *Store) Identities(ctx context.Context, personID string) ([]memory.Identity, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT platform, user_id, person_id, username, linked_at FROM identities
		WHERE person_id = ? ORDER BY platform, user_id`, personID)
	if err != nil {
		return nil, fmt.Errorf("identities of %s: %w", personID, err)
	}
	defer func() { _ = rows.Close() }()
	var out []memory.Identity
	for rows.Next() {
		var id memory.Identity
		var linked int64
		if err := rows.Scan(&id.Platform, &id.UserID, &id.PersonID, &id.Username, &linked); err != nil {
			return nil, fmt.Errorf("identities of %s: %w", personID, err)
		}
		id.LinkedAt = fromMs(linked)
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("identities of %s: %w", personID, err)
	}
	return out, nil
}

// MoveIdentity points an existing identity at another existing person.
func (s *Store) MoveIdentity(ctx context.Context, platform, userID, personID string) error {
	return s.write(ctx, "move identity "+platform+"/"+userID, func(tx *sql.Tx) error {
		found, err := exists(ctx, tx, `SELECT 1 FROM people WHERE id = ?`, personID)
		if err != nil {
			return err
		}
		if !found {
			return fmt.Errorf("person %s: %w", personID, memory.ErrNotFound)
		}
		ok, err := execOne(ctx, tx, `UPDATE identities SET person_id = ?, linked_at = ? WHERE platform = ? AND user_id = ?`,
			personID, toMs(s.now()), platform, userID)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("identity: %w", memory.ErrNotFound)
		}
		return nil
	})
}

// ReassignOwner moves every memory and message authorship of one person to
// another, in one transaction that also advances both revisions.
func (s *Store) ReassignOwner(ctx context.Context, fromPersonID, toPersonID string) error {
	if fromPersonID == "" || toPersonID == "" {
		return fmt.Errorf("reassign owner %q to %q: %w: both ids are required", fromPersonID, toPersonID, memory.ErrInvalid)
	}
	if fromPersonID == toPersonID {
		return nil
	}
	return s.write(ctx, "reassign "+fromPersonID+" to "+toPersonID, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE memories SET owner = ? WHERE owner = ?`, toPersonID, fromPersonID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE messages SET person_id = ? WHERE person_id = ?`, toPersonID, fromPersonID); err != nil {
			return err
		}
		return bumpRevision(ctx, tx, fromPersonID, toPersonID)
	})
}
