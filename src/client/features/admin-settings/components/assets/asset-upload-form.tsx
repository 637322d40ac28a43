import { LoaderCircle, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ASSET_TIERS, TIER_INFO } from '#shared/tiers.ts';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useUploadAsset } from '../../api/assets.ts';
import { ASSET_ACCEPT, checkAssetUpload } from './asset-file.ts';

type FieldErrors = { file?: string; tier?: string };

/**
 * SPEC §2 'Assets' upload: an image file and its tier. The form checks both fields and the
 * type before sending (SPEC §5 messages, as a toast and beside the field); the server checks
 * the content again and cleans SVGs, and its refusal is shown as it words it.
 */
export function AssetUploadForm() {
  const ids = { file: useId(), tier: useId(), hint: useId() };
  const errorIds = { file: `${ids.file}-error`, tier: `${ids.tier}-error` };
  const fileInput = useRef<HTMLInputElement>(null);
  const [tier, setTier] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // Bumped after a successful upload: a new file input is the only way to empty it.
  const [inputKey, setInputKey] = useState(0);
  const upload = useUploadAsset();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upload.isPending) return;
    const check = checkAssetUpload(fileInput.current?.files?.[0], tier);
    if (!check.ok) {
      setErrors({ [check.field]: check.description });
      toast.error(check.title, { description: check.description });
      (check.field === 'file' ? fileInput.current : document.getElementById(ids.tier))?.focus();
      return;
    }
    setErrors({});
    upload.mutate(
      { file: check.file, tier: check.tier },
      {
        onSuccess: () => {
          toast.success('Asset uploaded successfully', {
            description: `${check.file.name} is now the ${TIER_INFO[check.tier].name} card artwork.`,
          });
          setTier('');
          setInputKey((key) => key + 1);
        },
        onError: (error) => {
          if (isApiError(error) && error.details?.file) setErrors({ file: error.details.file });
          if (isApiError(error) && error.details?.tier) setErrors({ tier: error.details.tier });
        },
      },
    );
  };

  const busy = upload.isPending;
  return (
    <Card>
      <CardHeader>
        <h2 className="font-serif text-xl leading-tight">Upload card artwork</h2>
        <CardDescription id={ids.hint}>
          PNG, WebP or SVG. The newest image of each tier is the one /cards shows.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label="Upload card artwork"
          className="grid gap-4 md:grid-cols-[minmax(0,1fr)_14rem_auto] md:items-start"
        >
          <div className="grid gap-2">
            <Label htmlFor={ids.file}>Image file</Label>
            <Input
              key={inputKey}
              ref={fileInput}
              id={ids.file}
              name="file"
              type="file"
              accept={ASSET_ACCEPT}
              disabled={busy}
              onChange={() => setErrors((current) => ({ ...current, file: undefined }))}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={describedBy(errors.file, errorIds.file, ids.hint)}
              className="cursor-pointer"
            />
            <FieldError id={errorIds.file} message={errors.file} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.tier}>Tier</Label>
            <Select
              value={tier}
              onValueChange={(value) => {
                setTier(value);
                setErrors((current) => ({ ...current, tier: undefined }));
              }}
              disabled={busy}
            >
              <SelectTrigger
                id={ids.tier}
                className="aria-invalid:border-destructive-text"
                aria-invalid={errors.tier ? true : undefined}
                aria-describedby={describedBy(errors.tier, errorIds.tier)}
              >
                <SelectValue placeholder="Choose a tier" />
              </SelectTrigger>
              <SelectContent>
                {ASSET_TIERS.map((value) => (
                  <SelectItem key={value} value={value}>
                    {TIER_INFO[value].name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldError id={errorIds.tier} message={errors.tier} />
          </div>
          <Button type="submit" disabled={busy} className="w-full md:mt-[1.375rem] md:w-auto">
            {busy ? (
              <LoaderCircle
                aria-hidden="true"
                className="animate-spin motion-reduce:animate-none"
              />
            ) : (
              <Upload aria-hidden="true" />
            )}
            {busy ? 'Uploading...' : 'Upload'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
