//! Global memory: a sparse, byte-addressed store of separate allocations with bounds
//! checks. Allocations lie at non-overlapping addresses with unmapped guard gaps between
//! them; an access must lie wholly inside one allocation (any alignment), and stores into
//! a read-only allocation (the code object's image, the kernarg segment) are refused.

use std::collections::BTreeMap;

/// Where [`Memory::allocate`] places its first allocation.
pub const HEAP_BASE: u64 = 0x0002_0000_0000;
/// Allocations start at a multiple of this.
pub const ALLOC_ALIGN: u64 = 0x1000;
/// At least this many unmapped bytes follow every allocation.
pub const GUARD: u64 = 0x1000;

/// A failed access or placement.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MemoryError {
    #[error("{size}-byte access at {addr:#x} is outside every allocation{near}")]
    Unmapped { addr: u64, size: u64, near: String },
    #[error("{size}-byte store at {addr:#x} into read-only {name}")]
    ReadOnly { addr: u64, size: u64, name: String },
    #[error(
        "{size}-byte private (scratch) access at offset {offset:#x} is outside the lane's \
         {limit}-byte private segment"
    )]
    Private { offset: u64, size: u64, limit: u64 },
    #[error("{size}-byte access at {addr:#x}: an access is 1, 2, 4, 8 or 16 bytes")]
    BadSize { addr: u64, size: u64 },
    #[error("{name} ({size} bytes at {addr:#x}) overlaps {other} or its guard gap")]
    Overlap {
        name: String,
        addr: u64,
        size: u64,
        other: String,
    },
}

/// One allocation.
#[derive(Clone, Debug)]
struct Region {
    name: String,
    bytes: Vec<u8>,
    writable: bool,
}

/// The global memory of one dispatch.
#[derive(Clone, Debug)]
pub struct Memory {
    /// Allocations by base address.
    regions: BTreeMap<u64, Region>,
    /// Where [`Memory::allocate`] places its first allocation.
    heap_base: u64,
}

impl Default for Memory {
    fn default() -> Memory {
        Memory::new()
    }
}

impl Memory {
    pub const fn new() -> Memory {
        Memory::with_heap_base(HEAP_BASE)
    }

    /// An empty memory whose allocations start at `heap_base` instead of [`HEAP_BASE`]
    /// (the co-simulation keeps a dispatch below 2^32, the RTL's bus being 32-bit).
    pub const fn with_heap_base(heap_base: u64) -> Memory {
        Memory {
            regions: BTreeMap::new(),
            heap_base,
        }
    }

    /// Every allocation: base address, bytes and whether it is writable, by address.
    pub fn regions(&self) -> impl Iterator<Item = (u64, &[u8], bool)> {
        self.regions
            .iter()
            .map(|(&a, r)| (a, r.bytes.as_slice(), r.writable))
    }

    /// Places `bytes` at the next free address at or above the heap base ([`HEAP_BASE`]
    /// unless [`Memory::with_heap_base`]; a multiple of [`ALLOC_ALIGN`], a guard gap after
    /// everything below it) and returns that address. `name` says what it is in errors.
    pub fn allocate(&mut self, name: &str, bytes: Vec<u8>, writable: bool) -> u64 {
        let end = self
            .regions
            .iter()
            .next_back()
            .map_or(self.heap_base, |(&a, r)| a + r.bytes.len() as u64 + GUARD);
        let addr = end.max(self.heap_base).next_multiple_of(ALLOC_ALIGN);
        self.insert(addr, name, bytes, writable);
        addr
    }

    /// Places `bytes` at `addr` (the code object's image at its load address), keeping a
    /// guard gap from every other allocation.
    pub fn map(
        &mut self,
        addr: u64,
        name: &str,
        bytes: Vec<u8>,
        writable: bool,
    ) -> Result<(), MemoryError> {
        let size = bytes.len() as u64;
        let end = addr.checked_add(size).ok_or_else(|| MemoryError::Overlap {
            name: name.to_string(),
            addr,
            size,
            other: "the end of the address space".to_string(),
        })?;
        let clash = self.regions.iter().find(|(&a, r)| {
            let r_end = a + r.bytes.len() as u64;
            addr < r_end.saturating_add(GUARD) && a < end.saturating_add(GUARD)
        });
        if let Some((&a, r)) = clash {
            return Err(MemoryError::Overlap {
                name: name.to_string(),
                addr,
                size,
                other: format!("{} ({} bytes at {a:#x})", r.name, r.bytes.len()),
            });
        }
        self.insert(addr, name, bytes, writable);
        Ok(())
    }

    fn insert(&mut self, addr: u64, name: &str, bytes: Vec<u8>, writable: bool) {
        self.regions.insert(
            addr,
            Region {
                name: name.to_string(),
                bytes,
                writable,
            },
        );
    }

    /// The allocation holding `size` bytes at `addr`, and the offset of `addr` in it.
    fn find(&self, addr: u64, size: u64) -> Result<(u64, &Region, usize), MemoryError> {
        let below = self.regions.range(..=addr).next_back();
        if let Some((&base, r)) = below {
            let off = addr - base;
            if off
                .checked_add(size)
                .is_some_and(|end| end <= r.bytes.len() as u64)
            {
                return Ok((base, r, off as usize));
            }
        }
        Err(MemoryError::Unmapped {
            addr,
            size,
            near: self.nearest(addr),
        })
    }

    /// ` (nearest: NAME, N bytes at A)` for the allocation closest to `addr`, or nothing.
    fn nearest(&self, addr: u64) -> String {
        let distance = |(&a, r): &(&u64, &Region)| {
            let end = a + r.bytes.len() as u64;
            if addr < a {
                a - addr
            } else {
                addr.saturating_sub(end)
            }
        };
        self.regions
            .iter()
            .min_by_key(distance)
            .map_or(String::new(), |(a, r)| {
                format!(" (nearest: {}, {} bytes at {a:#x})", r.name, r.bytes.len())
            })
    }

    /// The `len` bytes at `addr`.
    /// The allocation holding the `len` bytes at `addr`: its base address and all its
    /// bytes (for readers that look up many nearby addresses).
    pub fn region(&self, addr: u64, len: u64) -> Result<(u64, &[u8]), MemoryError> {
        let (base, r, _) = self.find(addr, len)?;
        Ok((base, &r.bytes))
    }

    /// [`Memory::region`] for writing: `None` when the `len` bytes at `addr` are not all in
    /// one writable allocation (callers that report why use [`Memory::write`]).
    pub fn writable_region(&mut self, addr: u64, len: u64) -> Option<(u64, &mut [u8])> {
        let (&base, r) = self.regions.range_mut(..=addr).next_back()?;
        let end = (addr - base).checked_add(len)?;
        (r.writable && end <= r.bytes.len() as u64).then_some((base, &mut r.bytes[..]))
    }

    pub fn read(&self, addr: u64, len: u64) -> Result<&[u8], MemoryError> {
        let (_, r, off) = self.find(addr, len)?;
        Ok(&r.bytes[off..off + len as usize])
    }

    /// Checks that a store of `size` bytes at `addr` would succeed.
    pub fn check_write(&self, addr: u64, size: u64) -> Result<(), MemoryError> {
        let (_, r, _) = self.find(addr, size)?;
        if r.writable {
            Ok(())
        } else {
            Err(MemoryError::ReadOnly {
                addr,
                size,
                name: r.name.clone(),
            })
        }
    }

    /// Stores `data` at `addr`.
    pub fn write(&mut self, addr: u64, data: &[u8]) -> Result<(), MemoryError> {
        let size = data.len() as u64;
        let (base, r, off) = self.find(addr, size)?;
        if !r.writable {
            return Err(MemoryError::ReadOnly {
                addr,
                size,
                name: r.name.clone(),
            });
        }
        let r = self.regions.get_mut(&base).expect("found above");
        r.bytes[off..off + data.len()].copy_from_slice(data);
        Ok(())
    }

    /// A little-endian load of `size` (1, 2, 4, 8 or 16) bytes at `addr`, zero-extended.
    pub fn load(&self, addr: u64, size: u64) -> Result<u128, MemoryError> {
        check_size(addr, size)?;
        let mut raw = [0u8; 16];
        raw[..size as usize].copy_from_slice(self.read(addr, size)?);
        Ok(u128::from_le_bytes(raw))
    }

    /// A little-endian store of the low `size` (1, 2, 4, 8 or 16) bytes of `value` at
    /// `addr`.
    pub fn store(&mut self, addr: u64, size: u64, value: u128) -> Result<(), MemoryError> {
        check_size(addr, size)?;
        self.write(addr, &value.to_le_bytes()[..size as usize])
    }
}

fn check_size(addr: u64, size: u64) -> Result<(), MemoryError> {
    if matches!(size, 1 | 2 | 4 | 8 | 16) {
        Ok(())
    } else {
        Err(MemoryError::BadSize { addr, size })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocations_are_aligned_apart_and_guarded() {
        let mut m = Memory::new();
        let a = m.allocate("a", vec![1; 10], true);
        let b = m.allocate("b", vec![2; 0x1001], true);
        let c = m.allocate("c", vec![3; 4], false);
        assert_eq!(a, HEAP_BASE);
        assert_eq!(b, HEAP_BASE + 0x2000);
        assert_eq!(c, b + 0x3000);
        assert_eq!(m.read(a, 10).unwrap(), [1; 10]);
        assert_eq!(m.read(b + 0x1000, 1).unwrap(), [2]);
        // The byte after each allocation is unmapped, and an access may not straddle.
        for (addr, size) in [(a + 10, 1), (a + 8, 4), (b + 0x1001, 1), (c - 1, 2), (0, 4)] {
            assert!(
                matches!(m.load(addr, size), Err(MemoryError::Unmapped { .. })),
                "{addr:#x}/{size}"
            );
        }
        // Mapped regions keep their guard gap from the others.
        let err = m.map(a + 20, "img", vec![0; 4], false).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "img (4 bytes at {:#x}) overlaps a (10 bytes at {a:#x}) or its guard gap",
                a + 20
            )
        );
        assert!(m.map(a - GUARD - 3, "img", vec![0; 4], false).is_err());
        m.map(a - GUARD - 4, "img", vec![9; 4], false).unwrap();
        assert!(m.map(u64::MAX - 1, "end", vec![0; 4], false).is_err());
        m.map(0x1000, "low", vec![7; 8], false).unwrap();
        assert_eq!(m.load(0x1004, 4).unwrap(), 0x0707_0707);
    }

    #[test]
    fn loads_and_stores_of_every_size_any_alignment() {
        let mut m = Memory::new();
        let a = m.allocate("buf", vec![0; 64], true);
        let pattern = 0x100f_0e0d_0c0b_0a09_0807_0605_0403_0201u128;
        let at = [(1u64, 1u64), (2, 3), (4, 6), (8, 11), (16, 20), (16, 48)];
        for (size, off) in at {
            let value = pattern & (u128::MAX >> (128 - 8 * size));
            m.store(a + off, size, pattern).unwrap();
            assert_eq!(m.load(a + off, size).unwrap(), value, "{size} at +{off}");
        }
        for (_, off) in at {
            assert_eq!(m.read(a + off - 1, 1).unwrap(), [0], "byte before +{off}");
        }
        assert_eq!(m.read(a + 48, 16).unwrap()[15], 0x10);
        assert!(matches!(
            m.load(a + 49, 16),
            Err(MemoryError::Unmapped { .. })
        ));
        for size in [0, 3, 32] {
            assert_eq!(
                m.load(a, size).unwrap_err(),
                MemoryError::BadSize { addr: a, size }
            );
        }
    }

    #[test]
    fn errors_name_the_address_size_and_allocation() {
        let mut m = Memory::new();
        let a = m.allocate("args[1] (x: float*)", vec![0; 16], true);
        let k = m.allocate("kernarg segment", vec![0; 8], false);
        assert_eq!(
            m.store(a + 16, 4, 1).unwrap_err().to_string(),
            format!(
                "4-byte access at {:#x} is outside every allocation (nearest: args[1] (x: float*), \
                 16 bytes at {a:#x})",
                a + 16
            )
        );
        assert_eq!(
            m.store(k, 8, 1).unwrap_err().to_string(),
            format!("8-byte store at {k:#x} into read-only kernarg segment")
        );
        assert_eq!(m.read(k, 8).unwrap(), [0; 8]);
        assert_eq!(
            Memory::new().load(8, 4).unwrap_err().to_string(),
            "4-byte access at 0x8 is outside every allocation"
        );
    }
}
