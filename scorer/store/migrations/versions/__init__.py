"""The revisions, oldest first: 0001 is the table the first release created."""
